"""Jinja2 prompt templates, shipped inside the wheel as the package ``verusagent.prompt.files``."""

"""CLI command modules; each registers its commands on ``verusagent.cli_app.app``."""

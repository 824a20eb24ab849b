"""Demo data (a fixture, the scripted model's replies, the verus stand-in's scenario), shipped as
verusagent.demo_data."""

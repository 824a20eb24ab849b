"""The model pre-flight: an unknown provider or a missing key is decided from providers.json without importing
litellm (the import takes seconds); the file is what the installed litellm says."""

import json
import os
import subprocess
import sys

import pytest

from tests.paths import REPO_ROOT

PROBE = """
import json, sys
from verusagent.llm.preflight import ModelUnusable, check_model
try:
    check_model(sys.argv[1], None)
    outcome = None
except ModelUnusable as error:
    outcome = [type(error).__name__, str(error)]
print(json.dumps({"outcome": outcome, "litellm_loaded": "litellm" in sys.modules}))
"""


def probe(model: str) -> dict:
    environment = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, model], capture_output=True, text=True, env=environment, cwd=REPO_ROOT, check=True
    )
    return json.loads(done.stdout)


@pytest.mark.parametrize(
    ("model", "error", "words"),
    [
        ("nosuchprovider/foo", "UnknownModel", "unknown model 'nosuchprovider/foo'"),
        ("openai/gpt-4o", "MissingCredentials", "OPENAI_API_KEY"),
        ("anthropic/claude-sonnet-4-5", "MissingCredentials", "ANTHROPIC_API_KEY"),
    ],
)
def test_errors_decided_without_litellm(model: str, error: str, words: str) -> None:
    result = probe(model)
    assert result["outcome"][0] == error and words in result["outcome"][1]
    assert not result["litellm_loaded"]


def test_the_providers_file_is_the_installed_litellms() -> None:
    done = subprocess.run(
        [sys.executable, str(REPO_ROOT / "tools" / "litellm_providers.py"), "--check"], capture_output=True, text=True
    )
    assert done.returncode == 0, "verusagent/llm/providers.json is stale: run python tools/litellm_providers.py"

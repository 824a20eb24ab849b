"""Writes verusagent/llm/providers.json from the installed litellm: the provider prefixes its model strings take,
and for each provider the key variables litellm's `validate_environment` asks for, with every variable whose
presence alone satisfies it. The model pre-flight (verusagent.llm.preflight) reads the file to refuse an unknown
provider or a missing key without importing litellm (seconds); `tests/llm/test_providers_file.py` checks that the
file matches the installed litellm.

Run after upgrading litellm: python tools/litellm_providers.py [--check]
"""

import argparse
import inspect
import json
import logging
import os
import re
import socket
import sys
from importlib.metadata import version
from pathlib import Path
from unittest import mock

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from verusagent.llm.litellm_data import OUR_PROVIDERS  # noqa: E402
from verusagent.llm.preflight import KEY_NAME, PROVIDERS_FILE  # noqa: E402
from verusagent.llm.provider import load_litellm  # noqa: E402

_VARIABLE = re.compile(r'"([A-Z][A-Z0-9_]{2,})"')


def provider_data() -> dict:
    litellm = load_litellm()
    logging.getLogger("LiteLLM").setLevel(logging.CRITICAL)  # github_copilot's failed login, logged as an error
    names = sorted({getattr(p, "value", p) for p in litellm.provider_list} - OUR_PROVIDERS)
    variables = sorted(set(_VARIABLE.findall(inspect.getsource(litellm.validate_environment))))
    keys = {}
    for name in names:
        missing = _missing(litellm, name, {})
        if missing:
            satisfied = [v for v in variables if _missing(litellm, name, {v: "x"}) != missing]
            keys[name] = {"missing": missing, "satisfied_by": satisfied}
    return {
        "generated_by": "tools/litellm_providers.py",
        "litellm": version("litellm"),
        "providers": names,
        "keys": keys,
    }


def _missing(litellm, provider: str, environment: dict[str, str]) -> list[str]:
    """The key variables litellm finds missing for a `provider/...` model in exactly this environment, offline
    (a provider that would log in over the network, github_copilot, finds no address, as on a machine without
    one)."""
    with mock.patch.dict(os.environ, environment, clear=True), mock.patch("socket.getaddrinfo", _no_address):
        report = litellm.validate_environment(model=f"{provider}/model")
    return [name for name in report.get("missing_keys", []) if KEY_NAME.search(name)]


def _no_address(*args, **kwargs):
    raise socket.gaierror(socket.EAI_NONAME, "no network while the providers file is written")


def render(data: dict) -> str:
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true", help="Exit 1 if the file differs from the installed litellm.")
    args = parser.parse_args()
    text = render(provider_data())
    if args.check:
        sys.exit(0 if PROVIDERS_FILE.read_text(encoding="utf-8") == text else 1)
    PROVIDERS_FILE.write_text(text, encoding="utf-8")
    print(f"wrote {PROVIDERS_FILE.relative_to(REPO)}")


if __name__ == "__main__":
    main()

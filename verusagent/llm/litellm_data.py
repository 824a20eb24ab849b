"""litellm's bundled data files, read without importing litellm (``import litellm`` takes seconds): its price
table, its provider names and its copy of tiktoken's encodings. A dry run and every command that calls no model
price and count with these; a real run asks litellm itself."""

import json
import threading
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

PRICE_TABLE = "model_prices_and_context_window_backup.json"
PROVIDER_TABLE = "provider_endpoints_support_backup.json"
ENCODINGS = Path("litellm_core_utils") / "tokenizers"
OUR_PROVIDERS = frozenset({"scripted"})  # registered by verusagent.llm.scripted when litellm loads
_lock = threading.Lock()


class LitellmDataMissing(RuntimeError):
    """litellm is not installed, or a file it ships is missing (a broken install)."""


@cache
def package_folder() -> Path:
    """The installed litellm package's folder, found without executing its ``__init__``."""
    spec = find_spec("litellm")
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    if not locations:
        raise LitellmDataMissing("litellm is not installed (pip install verusagent installs it)")
    return Path(locations[0])


def bundled_file(relative: str | Path) -> Path:
    path = package_folder() / relative
    if not path.is_file():
        raise LitellmDataMissing(f"litellm's bundled {path.name} is missing from {path.parent}: reinstall litellm")
    return path


def encodings_folder() -> Path:
    """tiktoken's cache folder as litellm ships it (files named by the sha1 of each encoding's URL)."""
    return bundled_file(ENCODINGS / "__init__.py").parent


def price_table() -> dict[str, dict[str, Any]]:
    with _lock:
        return _read_json(PRICE_TABLE)


@cache
def _read_json(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(bundled_file(name).read_text(encoding="utf-8"))
    return data


@cache
def providers() -> frozenset[str]:
    """Every provider prefix litellm names in its bundled tables (``openai``, ``anthropic``, ``ollama``, ...)."""
    with _lock:
        listed = set(_read_json(PROVIDER_TABLE).get("providers", {}))
    priced = {entry.get("litellm_provider") for entry in price_table().values() if isinstance(entry, dict)}
    names = {name for name in listed | priced if isinstance(name, str)}
    return frozenset(names | {name.split("-")[0] for name in names} | OUR_PROVIDERS)


def price_entry(model: str) -> tuple[str, dict[str, Any]] | None:
    """The name the price table knows the model by (as given, or without its provider prefix), and its entry."""
    table = price_table()
    bare = model.split("/", 1)[1] if "/" in model else model
    for name in (model, bare):
        entry = table.get(name)
        if isinstance(entry, dict):
            return name, entry
    return None


def input_cost(model: str, tokens: int) -> float | None:
    """The price of ``tokens`` prompt tokens at the table's flat input rate; None when the table has none."""
    found = price_entry(model)
    rate = found[1].get("input_cost_per_token") if found else None
    return float(rate) * tokens if isinstance(rate, (int, float)) else None


def known_to_litellm(model: str) -> bool:
    """What litellm's provider lookup would accept, offline: a known provider prefix, or a model it prices."""
    if "/" in model:
        return model.split("/", 1)[0] in providers() or isinstance(price_table().get(model), dict)
    return price_entry(model) is not None

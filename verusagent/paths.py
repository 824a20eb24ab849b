"""Where verusagent keeps its caches: $VERUSAGENT_CACHE_DIR, else the user cache folder."""

import os
from pathlib import Path

from platformdirs import user_cache_dir

CACHE_DIR_ENV = "VERUSAGENT_CACHE_DIR"


def cache_dir() -> Path:
    configured = os.environ.get(CACHE_DIR_ENV)
    if configured:
        return Path(configured)

    return Path(user_cache_dir("verusagent"))

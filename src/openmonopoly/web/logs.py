"""Logging of ``openmonopoly serve``: plain lines for a terminal, or one JSON object per line
(``--log-format json``) for a log collector. Fields passed with ``extra=`` appear as keys."""

from __future__ import annotations

import json
import logging
import time

_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime", "color_message"}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        out = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                out[key] = value
        if record.exc_info:
            out["error"] = self.formatException(record.exc_info).splitlines()[-1]
        return json.dumps(out, default=str)


class TextFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        extra = {k: v for k, v in vars(record).items() if k not in _STANDARD and not k.startswith("_")}
        return line + "".join(f" {k}={v}" for k, v in extra.items())


def log_config(fmt: str = "text") -> dict:
    """A ``logging.config.dictConfig`` for uvicorn and the game server, in the chosen format."""
    if fmt not in ("text", "json"):
        raise ValueError(f"log format is 'text' or 'json', not {fmt!r}")
    formatter = (
        {"()": JsonFormatter}
        if fmt == "json"
        else {"()": TextFormatter, "format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}
    )
    handler = {"class": "logging.StreamHandler", "formatter": "main", "stream": "ext://sys.stderr"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"main": formatter},
        "handlers": {"main": handler},
        "loggers": {
            name: {"handlers": ["main"], "level": "INFO", "propagate": False}
            for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "openmonopoly")
        },
    }

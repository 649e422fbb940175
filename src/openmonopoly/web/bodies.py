"""JSON request bodies the server can store and send back: no NaN, no Infinity, no lone surrogates.

Python's ``json`` reads ``NaN``, ``Infinity`` and ``"\\ud800"`` without complaint, but neither the store's
JSON nor orjson can write them back, so such a body used to fail deep inside a request (500 and a
traceback). ``CheckedRoute`` reads the body first and answers 422 naming the field, as FastAPI does for
any other invalid body.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute


def unrepresentable(value: Any, path: tuple) -> tuple[tuple, str] | None:
    """The first place in parsed JSON that cannot be written back as JSON, and why; or None."""
    if isinstance(value, float):
        if not math.isfinite(value):
            return path, f"{value} is not a number JSON can hold; send a finite number"
    elif isinstance(value, str):
        if not _encodable(value):
            return path, "the text holds a lone surrogate (an unpaired \\ud800-\\udfff escape); send valid Unicode"
    elif isinstance(value, dict):
        for k, v in value.items():
            if not _encodable(k):
                return (*path, k.encode("utf-8", "backslashreplace").decode()), "a key holds a lone surrogate"
            found = unrepresentable(v, (*path, k))
            if found:
                return found
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found = unrepresentable(v, (*path, i))
            if found:
                return found
    return None


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class CheckedRoute(APIRoute):
    """A route whose JSON body is refused (422, the field named) when it holds what JSON cannot store."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def checked(request: Request) -> Response:
            if request.method in ("POST", "PUT", "PATCH"):
                body = await request.body()  # (kept by the request: the handler reads it again for free)
                try:
                    data = json.loads(body) if body else None
                except (ValueError, UnicodeDecodeError):
                    data = None  # (FastAPI's own reading answers malformed JSON)
                found = unrepresentable(data, ("body",))
                if found is not None:
                    where, why = found
                    raise RequestValidationError([{"loc": where, "msg": why, "type": "value_error", "input": None}])
            return await handler(request)

        return checked

"""The browser for the Playwright tests: Debian's chromium (no browser download)."""

from __future__ import annotations

import pytest

from .helpers import CHROMIUM, CHROMIUM_ARGS, chromium_available, need


@pytest.fixture
def browser():
    need(chromium_available(), f"chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        need(False, "the playwright package is not installed")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()

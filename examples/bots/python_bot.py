#!/usr/bin/env python3
"""A reference bot for the openmonopoly bot protocol (docs/BOT-PROTOCOL.md): Python, standard library only.

It buys what it can afford with a reserve left, bids up to a property's price, builds when rich, raises
money in a debt by selling then mortgaging, rejects trades, and otherwise takes the first answer.
Run it as a seat: openmonopoly play --seats human,exec:"python3 examples/bots/python_bot.py"
"""

import json
import sys

RESERVE = 150  # cash it keeps back when buying or bidding
BUILD_ABOVE = 500  # cash it needs before it builds


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def first(actions, prefix):
    return next((a for a in actions if a.startswith(prefix)), None)


def choose(msg, prices):
    legal, kind, details = msg["legal"], msg["kind"], msg["details"]
    answers, anytime, bid = legal["answers"], legal["anytime"], legal["bid"]
    view = msg["view"]
    cash = view["players"][view["viewer"]]["cash"]
    if kind == "debt":
        if "pay" in answers:
            return "pay"
        return first(anytime, "sell ") or first(anytime, "mortgage ") or answers[0]
    if kind == "buy" and "buy" in answers:
        return "buy" if cash - details.get("price", 0) >= RESERVE else "auction"
    if bid is not None:
        value = prices.get(details.get("lot"), 0)
        if bid["min"] <= min(value, cash - RESERVE):
            return f"bid {bid['min']}"
        return "pass" if "pass" in answers else f"bid {bid['min']}"
    if kind == "trade" and "reject" in answers:
        return "reject"
    if kind == "turn" and cash > BUILD_ABOVE and first(anytime, "build "):
        return first(anytime, "build ")
    return answers[0] if answers else anytime[0]


def main():
    prices = {}
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg["type"]
        if kind == "hello":
            send({"type": "hello", "name": "pybot", "author": "openmonopoly", "version": "1", "protocol": 1})
        elif kind == "game-start":
            prices = {s["pos"]: s["price"] or 0 for s in msg["board"]["spaces"]}
        elif kind == "prompt":
            send({"type": "answer", "id": msg["id"], "action": choose(msg, prices)})
        elif kind == "error":
            print(f"pybot: {msg['code']}: {msg['message']}", file=sys.stderr)
        elif kind == "quit":
            break


if __name__ == "__main__":
    main()

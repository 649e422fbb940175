"""The trivial bot of bench/bot_protocol.py, over the protocol: the first legal answer, else the lowest bid, else
the first any-time action (a debt)."""

import json
import sys


def main():
    out = sys.stdout
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg["type"]
        if kind == "prompt":
            legal = msg["legal"]
            if legal["answers"]:
                action = legal["answers"][0]
            elif legal["bid"]:
                action = f"bid {legal['bid']['min']}"
            else:  # (a debt to raise money for: sell or mortgage first)
                action = legal["anytime"][0]
            out.write(json.dumps({"type": "answer", "id": msg["id"], "action": action}) + "\n")
            out.flush()
        elif kind == "hello":
            out.write('{"type":"hello","name":"trivial","protocol":1}\n')
            out.flush()
        elif kind == "quit":
            break


main()

"""A bot that misbehaves on purpose, for the fault tests: ``python faulty_bot.py MODE [N]``.

It plays the first legal answer, except that from its Nth prompt on (default 1) it does what MODE says:
crash (exits), hang (never answers again), slow (answers that one prompt after 0.5 s, then plays on),
garbage (a line that is not JSON), huge (a 2 MB line), illegal (an action the game refuses), noprompt
(an answer with a wrong id), nohello (no hello at all), badhello (a hello for protocol 99).
Every message the engine sends is appended, one JSON per line, to $FAULTY_BOT_LOG if that is set.
"""

import json
import os
import sys
import time

mode = sys.argv[1]
start = int(sys.argv[2]) if len(sys.argv) > 2 else 1
log = open(os.environ["FAULTY_BOT_LOG"], "a") if os.environ.get("FAULTY_BOT_LOG") else None


def send(obj):
    sys.stdout.write((obj if isinstance(obj, str) else json.dumps(obj)) + "\n")
    sys.stdout.flush()


prompts = 0
for line in sys.stdin:
    msg = json.loads(line)
    if log:
        log.write(line)
        log.flush()
    if msg["type"] == "hello":
        if mode == "nohello":
            time.sleep(60)
        send({"type": "hello", "name": "faulty", "protocol": 99 if mode == "badhello" else 1})
    elif msg["type"] == "prompt":
        prompts += 1
        legal = msg["legal"]
        good = (legal["answers"] or ([f"bid {legal['bid']['min']}"] if legal["bid"] else legal["anytime"]))[0]
        answer = {"type": "answer", "id": msg["id"], "action": good}
        if prompts >= start:
            if mode == "crash":
                sys.exit(3)
            if mode == "hang":
                time.sleep(3600)
            if mode == "slow" and prompts == start:
                time.sleep(0.5)
            if mode == "garbage":
                answer = "this is not json {"
            if mode == "huge":
                answer = '{"type": "log", "text": "' + "x" * 2_000_000 + '"}'
            if mode == "illegal":
                answer["action"] = "build 99999"
            if mode == "noprompt":
                answer["id"] = 10**6
        send(answer)
    elif msg["type"] == "quit":
        break

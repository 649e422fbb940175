"""Write docs/reference/bot-api.md, the bot-side API's reference, from the code itself.

    python tools/bot_api_reference.py            # rewrite the page
    python tools/bot_api_reference.py --check    # exit 1 if the page is not what the code says

Two sources, both the code: the prompt kinds are every ``Step`` subclass that declares a ``kind`` (in the
engine and every rules family), with the action kinds it accepts (``answers``), its docstring (when it
is asked) and the keys its ``describe`` returns (read from the source); the examples are real prompts,
taken from bot games played here with fixed seeds in every edition and option set that asks them. The
view's methods and properties come from ``View`` and each family's view class with their docstrings.
tests/test_bot_api_reference.py keeps the committed page equal to a fresh one, so it cannot go stale.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "reference" / "bot-api.md"
os.environ["OPENMONOPOLY_PURE"] = "1"  # the sources are introspected: their modules must be the .py ones
sys.path.insert(0, str(ROOT / "src"))

# Games that reach every prompt kind: (edition, options, seats); seeds 1..SEEDS each.
GAMES = [
    ("classic", {"rent-must-be-claimed": True, "max-rounds": 60}, "random,random,random,random"),
    ("classic", {"max-rounds": 300}, "heuristic,heuristic,heuristic,heuristic,heuristic,heuristic"),
    ("clonewars", {"starwars-rule": True, "max-rounds": 60}, "random,random,random"),
    ("mandalorian", {"rent-must-be-claimed": True, "max-rounds": 60}, "random,random,random,random"),
    ("empire", {"max-rounds": 60}, "random,random,random,random"),
    ("empire", {"max-rounds": 60}, "heuristic,heuristic,heuristic,heuristic"),
]
SEEDS = 6


def step_classes() -> list[type]:
    """Every step class that asks a player something, engine and families alike, in a stable order."""
    import pkgutil
    from importlib import import_module

    import openmonopoly.rules as rules
    from openmonopoly.engine.flow import Step

    for info in pkgutil.walk_packages(rules.__path__, "openmonopoly.rules."):
        import_module(info.name)
    found: list[type] = []
    todo = list(Step.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__dict__.get("kind") and cls not in found:
            found.append(cls)
    return sorted(found, key=lambda c: (family_of(c), c.kind, c.__name__))


def family_of(cls: type) -> str:
    """The rules family a step class belongs to (``classic``, ``empire``, ...), and the edition when the
    class is one edition's own (``classic (clonewars)``): rules/<family>/editions/<edition>/."""
    parts = cls.__module__.split(".")
    if len(parts) < 4 or parts[1] != "rules":
        return "classic"
    if len(parts) > 4 and parts[3] == "editions":
        return f"{parts[2]} ({parts[4]})"
    return parts[2]


def detail_keys(cls: type) -> list[str]:
    """The keys of the dicts the class's own ``describe`` returns, as written in its module's source."""
    source = ROOT / "src" / Path(*cls.__module__.split(".")).with_suffix(".py")
    for node in ast.parse(source.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            break
    else:
        return []
    keys: list[str] = []
    for item in node.body:
        if isinstance(item, ast.FunctionDef) and item.name == "describe":
            for sub in ast.walk(item):
                if isinstance(sub, ast.Return) and isinstance(sub.value, ast.Dict):
                    for key in sub.value.keys:
                        if isinstance(key, ast.Constant) and isinstance(key.value, str) and key.value not in keys:
                            keys.append(key.value)
    return keys


def first_sentence(doc: str | None) -> str:
    text = " ".join((doc or "").split())
    end = text.find(". ")
    return (text if end < 0 else text[: end + 1]).replace("|", "\\|")


def examples() -> dict[tuple[str, str], tuple[str, dict, list[str]]]:
    """(family, kind) and ("*", kind) -> (edition, details, answers) of the first such prompt in the games."""
    from openmonopoly.agents import make_agent
    from openmonopoly.engine.game import Game

    seen: dict[tuple[str, str], tuple[str, dict, list[str]]] = {}
    for edition, options, seats in GAMES:
        kinds = seats.split(",")
        for seed in range(1, SEEDS + 1):
            game = Game(edition, len(kinds), seed=seed, options=options, events=False)
            bots = [make_agent(kind, seed * 10 + s) for s, kind in enumerate(kinds)]
            while not game.over:
                prompt = game.prompt
                key = (game.edition.family, prompt.kind)
                if key not in seen or ("*", prompt.kind) not in seen:
                    legal = game.legal_actions(prompt.player)
                    answers = [str(a) for a in legal.actions[:6]]
                    if legal.bid_range:
                        answers.append(f"bid {legal.bid_range[0]}")
                    found = (edition, json.loads(json.dumps(prompt.details, default=str)), answers)
                    seen.setdefault(key, found)
                    seen.setdefault(("*", prompt.kind), found)
                game.act(prompt.player, bots[prompt.player].act(game.view(prompt.player), prompt))
    staged_shortage(seen)
    return seen


def staged_shortage(seen: dict) -> None:
    """The bank's last house wanted by two players (rare in bot games): a staged position of classic."""
    from openmonopoly.engine.game import Game

    game = Game("classic", 3, seed=1, events=False)
    for seat, street_set in ((0, (6, 8, 9)), (1, (11, 13, 14))):
        for pos in street_set:
            game.state.owner[pos] = seat
    game.state.bank_houses = 1
    for answer in ((0, "build 6"), (1, "want"), (0, "bid 10"), (1, "pass")):
        game.act(*answer)
        prompt = game.prompt
        found = (
            "classic (staged)",
            dict(prompt.details),
            [str(a) for a in game.legal_actions(prompt.player).actions[:6]],
        )
        seen.setdefault(("classic", prompt.kind), found)
        seen.setdefault(("*", prompt.kind), found)


def view_members() -> list[tuple[str, str, str]]:
    """(class, member, first line of its docstring) for the public members of every view class."""
    from openmonopoly.engine.view import _GENERATED, View

    classes = [View]
    todo = list(View.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls not in _GENERATED:  # (not the per-state classes made at run time)
            classes.append(cls)
    rows: list[tuple[str, str, str]] = []
    for cls in sorted(set(classes), key=lambda c: (c is not View, c.__module__, c.__name__)):
        for name, member in cls.__dict__.items():
            if name.startswith("_"):
                continue
            if not (isinstance(member, property) or inspect.isfunction(member)):
                continue
            target = member.fget if isinstance(member, property) else member
            shown = (
                name
                if isinstance(member, property)
                else f"{name}{inspect.signature(target)}".replace("self, ", "").replace("(self)", "()")
            )
            rows.append(
                (
                    f"{cls.__module__.removeprefix('openmonopoly.')}.{cls.__name__}",
                    shown,
                    first_sentence(target.__doc__) or f"the state's `{name}` ({returns(target)})",
                )
            )
    return rows


def returns(function) -> str:
    annotation = inspect.signature(function).return_annotation
    return annotation if isinstance(annotation, str) else getattr(annotation, "__name__", str(annotation))


def render() -> str:
    steps = step_classes()
    seen = examples()
    lines = [
        "# The bot-side API",
        "",
        "<!-- Written by tools/bot_api_reference.py from the code; a test keeps it current. -->",
        "",
        "A bot is anything with `act(view, prompt) -> action`: `Game.play_out(bots)` (or your own loop over",
        "`game.prompt`) hands it its seat's `View` and the `Prompt` it must answer. Any item of",
        '`view.legal_actions()` is a legal answer; actions may also be given as text (`"bid 120"`,',
        "`view.parse(text)`). The view shows what the seat may see and nothing else (no deck order, no",
        "other player's hidden cards, no dice to come).",
        "",
        "```python",
        "import openmonopoly as om",
        "from openmonopoly.agents import make_agent",
        "",
        "class FirstAnswer:",
        '    """Answers every prompt with its first legal action."""',
        "",
        "    def act(self, view, prompt):",
        "        return view.legal_actions().first()",
        "",
        'game = om.Game("classic", 3, seed=7, options={"max-rounds": 30})',
        'game.play_out([FirstAnswer(), make_agent("heuristic", 1), make_agent("heuristic", 2)])',
        "assert game.over and game.winners",
        "```",
        "",
        "## Prompt kinds",
        "",
        "Every question a game can ask, by rules family (`game.edition.family`). *Details* are the keys of",
        "`prompt.details`; *answers* the action kinds accepted (numbered ones take a position, seat or",
        "amount: `bid 120`, `place 11`); the example is a real prompt from a bot game. A bot that needs",
        'a fact or two asks for them by name, `prompt.detail("minimum")`: the same value as',
        "`prompt.details[\"minimum\"]`, and in `Game.play_out` the common facts (an auction's, a debt's",
        "amount, a purchase's position and price) come without working out the whole dict.",
        "",
    ]
    family = None
    for cls in steps:
        fam = family_of(cls)
        if fam != family:
            family = fam
            lines += [
                f"### {fam}",
                "",
                "| kind | asked when | details | answers | example |",
                "| --- | --- | --- | --- | --- |",
            ]
        example = seen.get((fam, cls.kind)) or seen.get(("*", cls.kind))
        keys = detail_keys(cls) or (list(example[1]) if example else [])
        answers = ", ".join(f"`{a}`" for a in sorted(cls.answers))
        if example is None:
            shown = "(not reached in the sample games)"
        else:
            edition, details, legal = example
            shown = f"{edition}: `{json.dumps(details, ensure_ascii=False)}` → " + ", ".join(f"`{a}`" for a in legal)
        shown = shown.replace("|", r"\|")
        details = ", ".join(f"`{k}`" for k in keys) or "(none)"
        lines.append(
            f"| `{cls.kind}` | {first_sentence(cls.__doc__)} ({cls.__name__}) | "
            f"{details} | {answers or '(any legal action)'} | {shown} |"
        )
    lines += [
        "",
        "## The view",
        "",
        "`game.view(seat)`, also the `view` a bot's `act` receives.",
        "",
        "| class | member | what it gives |",
        "| --- | --- | --- |",
    ]
    for cls, member, doc in view_members():
        lines.append(f"| `{cls}` | `{member}` | {doc} |")
    lines += [
        "",
        "Besides these, a view reads every public field of the game's state by name (`view.cash`,",
        "`view.owner`, `view.level`, ...; a family's hidden fields raise `AttributeError`), and",
        "`view.to_json()` gives all of it as plain data (what the bot protocol and the web client get).",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="fail if the committed page differs")
    ap.add_argument("--kinds", action="store_true", help="print the prompt kinds as JSON [family, kind] pairs")
    args = ap.parse_args(argv)
    if args.kinds:
        print(json.dumps([[family_of(cls), cls.kind] for cls in step_classes()]))
        return 0
    text = render()
    if args.check:
        if not PAGE.exists() or PAGE.read_text(encoding="utf-8") != text:
            print(f"{PAGE.relative_to(ROOT)} is stale: run python tools/bot_api_reference.py", file=sys.stderr)
            return 1
        return 0
    PAGE.parent.mkdir(parents=True, exist_ok=True)
    PAGE.write_text(text, encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

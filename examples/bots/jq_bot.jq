# A bot for the openmonopoly bot protocol written in jq, from docs/BOT-PROTOCOL.md alone: jq reads the
# engine's messages as a stream of JSON values and writes one answer per prompt.
# Run it as a seat: openmonopoly play --seats human,exec:"jq -c --unbuffered -f examples/bots/jq_bot.jq"
# It buys when it keeps 200 after paying, never bids, pays debts when it can, else the first legal answer.
if .type == "hello" then
  {type: "hello", name: "jqbot", author: "openmonopoly", version: "1", protocol: 1}
elif .type == "prompt" then
  .legal as $l
  | (.view.players[.view.viewer].cash) as $cash
  | {type: "answer", id: .id, action: (
      if .kind == "buy" and ($l.answers | index("buy")) then
        (if $cash - .details.price >= 200 then "buy" else "auction" end)
      elif ($l.answers | index("pay")) then "pay"
      elif ($l.answers | index("pass")) then "pass"
      elif ($l.answers | length) > 0 then $l.answers[0]
      elif $l.bid != null then "bid \($l.bid.min)"
      else $l.anytime[0] end)}
elif .type == "quit" then halt
else empty end

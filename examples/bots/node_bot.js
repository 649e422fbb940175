#!/usr/bin/env node
// A reference bot for the openmonopoly bot protocol (docs/BOT-PROTOCOL.md): Node.js, standard library only.
// It buys what it can afford with a reserve left, bids up to a property's price, builds when rich, raises
// money in a debt by selling then mortgaging, rejects trades, and otherwise takes the first answer.
// Run it as a seat: openmonopoly play --seats human,exec:"node examples/bots/node_bot.js"
"use strict";
const readline = require("node:readline");

const RESERVE = 150; // cash it keeps back when buying or bidding
const BUILD_ABOVE = 500; // cash it needs before it builds
let prices = new Map();

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

function first(actions, prefix) {
  return actions.find((a) => a.startsWith(prefix));
}

function choose(msg) {
  const { answers, anytime, bid } = msg.legal;
  const { kind, details, view } = msg;
  const cash = view.players[view.viewer].cash;
  if (kind === "debt") {
    if (answers.includes("pay")) return "pay";
    return first(anytime, "sell ") || first(anytime, "mortgage ") || answers[0];
  }
  if (kind === "buy" && answers.includes("buy")) {
    return cash - (details.price || 0) >= RESERVE ? "buy" : "auction";
  }
  if (bid !== null) {
    const value = prices.get(details.lot) || 0;
    if (bid.min <= Math.min(value, cash - RESERVE)) return `bid ${bid.min}`;
    return answers.includes("pass") ? "pass" : `bid ${bid.min}`;
  }
  if (kind === "trade" && answers.includes("reject")) return "reject";
  if (kind === "turn" && cash > BUILD_ABOVE && first(anytime, "build ")) return first(anytime, "build ");
  return answers.length ? answers[0] : anytime[0];
}

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  const msg = JSON.parse(line);
  switch (msg.type) {
    case "hello":
      send({ type: "hello", name: "nodebot", author: "openmonopoly", version: "1", protocol: 1 });
      break;
    case "game-start":
      prices = new Map(msg.board.spaces.map((s) => [s.pos, s.price || 0]));
      break;
    case "prompt":
      send({ type: "answer", id: msg.id, action: choose(msg) });
      break;
    case "error":
      process.stderr.write(`nodebot: ${msg.code}: ${msg.message}\n`);
      break;
    case "quit":
      lines.close();
      break;
  }
});

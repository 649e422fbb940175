import { api, el, forgetSeat, forgetSecret, hostLink, inviteLink, money, PLAYER_COLOURS, savedSecret, savedSeat, saveSecret, saveSeat, seatLink, seatsPerGuestChoices, timerChoices, tokenLabels, toast } from "/static/common.js";
import { Board, groupColour } from "/static/board.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean);
const replayMode = parts[0] === "replay";
const gameId = parts[1];
const ANYTIME = new Set(["build", "sell", "sell-all", "mortgage", "unmortgage", "trade"]);
let ed = null, board = null, info = null, view = null, version = 0, seat = null, token = null, ws = null, retry = 0;
let names = [], deadline = null, closedFor = null, myTurnBefore = false, gone = null;
let inviteNote = null; // why the invite link just changed (the host removed someone), shown by the link
let timerMin = 10; // the server's shortest turn timer (its GET /api/games/ID says)
const hostToken = () => savedSecret(gameId, "host"), inviteCode = () => savedSecret(gameId, "invite");
window.om = { state: () => ({ view, version, seat, info, deadline }) };   // for tests and the curious

// A link's fragment (seat and token, host token, invite code) is kept by this browser and taken out of the
// address bar, so that a screenshot or a shared URL does not pass it on.
function takeFragment() {
  if (!location.hash) return;
  const f = new URLSearchParams(location.hash.slice(1));
  if (f.has("seat") && f.get("token")) saveSeat(gameId, Number(f.get("seat")), f.get("token"));
  saveSecret(gameId, "host", f.get("host")); saveSecret(gameId, "invite", f.get("invite"));
  history.replaceState(null, "", location.pathname + location.search);
}

function spaceName(p) { return ed.spaces[p] ? ed.spaces[p].name : `space ${p}`; }
const m = (n) => money(ed, n);

// ------------------------------------------------------------------ labels for actions
function label(text, prompt) {
  const [kind, argS] = text.split(" "); const arg = Number(argS);
  const d = (prompt && prompt.details) || {};
  const special = editionLabel(kind, arg, prompt && prompt.kind, d, prompt ? prompt.player : seat);
  if (special) return special;
  switch (kind) {
    case "roll": return d.in_jail ? "Roll for doubles" : "Roll dice";
    case "pay-bail": return `Pay ${m(ed.rules.jail_fine ?? 50)} fine`;
    case "use-card": return "Use Get Out of Jail card";
    case "buy": return `Buy for ${m(d.price ?? ed.spaces[d.pos]?.price ?? 0)}`;
    case "auction": return "Auction it";
    case "pass": return "Pass"; case "pay": return "Pay"; case "bankrupt": return "Declare bankruptcy";
    case "accept": return "Accept"; case "reject": return "Reject"; case "lift": return "Lift mortgage"; case "keep": return "Keep mortgaged";
    case "claim": return "Claim rent"; case "waive": return "Let it go"; case "want": return "I want one too"; case "end": return "Done";
    case "reroll": return "Roll again";
    case "build": return `Build on ${spaceName(arg)}`; case "sell": return `Sell building on ${spaceName(arg)}`;
    case "sell-all": return `Sell all buildings of ${spaceName(arg)}'s set`;
    case "mortgage": return `Mortgage ${spaceName(arg)}`; case "unmortgage": return `Lift mortgage on ${spaceName(arg)}`;
    case "place": return `Place on ${spaceName(arg)}`;
    case "choose": case "play": {
      if (Array.isArray(d.texts) && Array.isArray(d.cards) && d.cards.includes(arg)) return d.texts[d.cards.indexOf(arg)];
      if (Array.isArray(d.spaces) && d.spaces.includes(arg)) return spaceName(arg);
      if (Array.isArray(d.targets) && d.targets.includes(arg)) return names[arg] || `Player ${arg + 1}`;
      return `${kind[0].toUpperCase() + kind.slice(1)} ${arg}`;
    }
  }
  return text[0].toUpperCase() + text.slice(1);
}

function promptTitle(p) {
  const who = names[p.player] || `Seat ${p.player + 1}`, mine = p.player === seat, d = p.details || {};
  const you = mine ? "You" : who;
  const special = editionTitle(p, you, mine);
  if (special) return special;
  switch (p.kind) {
    case "turn": return mine ? (d.in_jail ? "You are in jail" : "Your turn") : `${who}'s turn`;
    case "buy": return `${you}: buy ${spaceName(d.pos)}?`;
    case "auction": return `Auction: ${d.lot >= 0 ? spaceName(d.lot) : "a building"}`;
    case "debt": return `${you} must raise ${d.amount !== undefined ? m(d.amount) : "money"}`;
    case "trade": return mine ? "A trade is offered to you" : `${who} considers a trade`;
  }
  return `${you}: ${p.kind.replace(/-/g, " ")}`;
}

// ------------------------------------------------------------------ edition-specific words
// The terminal's wording (cli/mandalorian_screen.py, cli/empire_screen.py, cli/render.py), in the browser.
const fam = () => (ed && ed.family_data) || {};
const who = (q) => names[q] || `Player ${q + 1}`;
function emp() { return fam().empire; }
function pieceName(pc) { const e = emp(); return e && pc === e.office ? "office" : spaceName(pc); }
function pieceHeight(pc) { const e = emp(); return pc === e.office ? e.office_height : e.heights[pc] || 1; }
function units(n) { return `${n} unit${n === 1 ? "" : "s"}`; }
// The topmost billboard, as the server's view gives it (an office on top is not one: swaps and taxes skip it).
function topOf(q) {
  const row = view && view.players ? view.players[q] : null;
  return row && row.top_billboard !== undefined && row.top_billboard >= 0 ? row.top_billboard : null;
}
function topText(q) { const pc = topOf(q); return pc === null ? "no billboard" : `${pieceName(pc)}, ${pieceHeight(pc)}u`; }
function signet(c) { const m = fam().mandalorian; return m && m.signets[c]; }
function signetTitle(c) { const sg = signet(c); return sg ? sg.text.split(".")[0] : `card ${c}`; }
function empireCard(c) { const e = emp(); return e && e.cards[c]; }
const PLAY_WORDS = { swap_the_top: "swap your top with a rival's top", hostile_takeover: "take a rival's topmost billboard",
  move_to_any_space: "move to any space, then roll", stock_market_crash: "every rival's top goes back to the board",
  youre_fired: "send a brand from a rival's tower back to the board", get_out_of_jail: "leave Jail, then roll",
  billboard_tax: "a rival with 4+ billboards pays you", tallest_tower_bonus: "collect the tallest tower's value" };
const ATTACKS = { "rival-tax": "picks you for Rival Tower Tax: your topmost billboard would go back to the board",
  crash: "plays Stock Market Crash: your topmost billboard would go back to the board",
  swap: "does a sneaky swap of two towers' tops", "swap-top": "plays Swap the Top: their top for your top",
  takeover: "plays Hostile Takeover: your topmost billboard would go into their tower",
  tax: "plays Billboard Tax on you", fired: "plays YOU'RE FIRED! on one of your brands" };
const PLAYER_PURPOSES = { "rival-tax": "Rival Tower Tax: choose a rival whose topmost billboard goes back to the board",
  swap_the_top: "Swap the Top: choose the rival whose top tile changes places with yours",
  hostile_takeover: "Hostile Takeover: choose the rival whose topmost billboard you take",
  billboard_tax: "Billboard Tax: choose a rival (4 or more billboards) who pays you",
  youre_fired: "YOU'RE FIRED!: choose the rival; then pick the brand that goes",
  casino: "Casino night: choose a rival; the higher roll of the numbered die collects" };
const SPACE_PURPOSES = { "free-parking": "Free Parking: pay for a trip to any space, or stay",
  move_to_any_space: "Move to Any Space: choose where to move, then roll as usual",
  "speed-ahead": "Speed ahead: how far forward do you move?", youre_fired: "YOU'RE FIRED!: which brand goes back to the board?" };

function editionTitle(p, you, mine) {
  const d = p.details || {};
  switch (p.kind) {
    case "battle": return `${you}: battle ${d.enemy_name} (level ${d.level}) — roll ${d.roll_needed} or higher`
      + `${d.both_dice ? " with both dice" : ""}; Signet bonus so far +${d.card_bonus}. Announce battle cards, then roll.`;
    case "battle-reroll": return `${you} rolled ${d.roll} (need ${d.roll_needed} minus +${d.card_bonus}): re-roll or keep?`;
    case "signet-choice": return `${you}: keep or use one of the two Signet cards`;
    case "place-grogu": return `${you} go${mine ? "" : "es"} to Jail: leave Grogu on one of ${mine ? "your" : "their"} hideouts`;
    case "swap":
      if (!emp()) return null;
      if (d.first < 0) return `${you}: the sneaky swapper! Switch the topmost billboards of two towers, or move ${d.steps}. Pick the first tower:`;
      return `${you}: swap ${d.first === p.player ? (mine ? "your" : "their") : who(d.first) + "'s"} top (${topOf(d.first) === null ? "nothing" : pieceName(topOf(d.first))}) with which tower's top? (or move ${d.steps})`;
    case "respond": return `${you}: ${who(d.attacker)} ${ATTACKS[d.effect] || "attacks you"}. Block it, or let it happen?`;
    case "choose-player": return `${you}: ${PLAYER_PURPOSES[d.purpose] || "choose a player"}`;
    case "choose-space": return `${you}: ${SPACE_PURPOSES[d.purpose] || "choose a space"}`;
    case "rent": if (!emp()) return null;
      return `${you} landed on ${who(d.owner)}'s ${spaceName(d.pos)}: the rent is their tower value, ${m(d.amount)}`;
    case "character": return `${you}: choose your character`;
    case "mission": return `${you}: a 6! Send your troops on mission ${d.mission} (${d.side} side), ${d.name}? `
      + `One die must show ${d.need === 6 ? "a 6" : d.need + " or more"}; otherwise you pay ${m(d.fail_cost)}.`;
    case "mission-pick": {
      const term = ed.terms.street || "street";
      let what = { "take-sites": `choose an unowned ${term} (${d.left} to take)` + (d.cash ? `, or take ${m(d.cash)}` : ""),
        "steal-sites": `choose a ${term} to steal (${d.left} left)`, "move-self": "choose the space for your token",
        eliminate: "choose the player Swift Victory eliminates" }[d.reward] || "";
      if (d.reward === "move-other") what = d.target >= 0 ? "choose the space for their token" : "choose a player to move";
      return `${you}: ${d.name} succeeds; ${what}.`;
    }
  }
  return null;
}

function editionLabel(kind, arg, pk, d, player) {
  const e = emp(), mando = fam().mandalorian;
  if (pk === "character" && kind === "choose") {
    const c = (fam().characters || [])[arg]; if (c) return `${c.name} (${c.side} side)`;
  }
  if (pk === "mission" || pk === "mission-pick") {
    switch (kind) {
      case "mission": return "Send the troops";
      case "pass": return d.fail_cost !== undefined ? "Keep the troops at home" : "Take nothing";
      case "collect": return `Take ${m(d.cash || 0)} instead`;
      case "take": return `Take ${spaceName(arg)}`; case "steal": return `Steal ${spaceName(arg)}`;
      case "pick": return `Go to ${spaceName(arg)}`; case "target": return `Choose ${who(arg)}`;
    }
  }
  if (mando) {
    if (pk === "battle" && kind === "roll") return "Roll for the battle";
    if (pk === "battle" && kind === "play") return `Announce ${signetTitle(arg)} (+${signet(arg) ? signet(arg).bonus : "?"})`;
    if (kind === "reroll") return "Re-roll (and keep the second roll)";
    if (kind === "keep" && pk === "battle-reroll") return "Keep this roll";
    if (pk === "signet-choice" && kind === "choose") return `Take ${signet(arg) ? signet(arg).text : "card " + arg}`;
    if (pk === "place-grogu" && kind === "place") return `Leave Grogu on ${spaceName(arg)}`;
  }
  if (e) {
    const pl = (q) => (view && view.players && view.players[q]) || {};
    switch (kind) {
      case "buy-office": return `Buy an office for ${m(ed.rules.office_price ?? 0)} (+${e.office_height} units; ${view.offices ?? "?"} left)`;
      case "play": {
        const c = empireCard(arg); if (!c) return null;
        if (pk === "respond") return `Block it with ${c.title}`;
        if (pk === "rent" && c.kind === "reverse_rent") return `Play ${c.title}: ${who(d.owner)} pays you ${m(d.amount)} instead`;
        if (pk === "buy" && c.kind === "bargain_business") return `Play ${c.title}: buy ${spaceName(d.pos)} cheaply`;
        return PLAY_WORDS[c.kind] ? `Play ${c.title}: ${PLAY_WORDS[c.kind]}` : `Play ${c.title}`;
      }
      case "swap": return `${arg === player ? "Your own tower" : who(arg) + "'s tower"} (top: ${topText(arg)})`;
      case "move": {
        if (!d.steps) return "Don't swap: move";
        const dest = (pl(player).position + d.steps) % ed.spaces.length;
        return `Don't swap: move ${d.steps} to ${spaceName(dest)}`;
      }
      case "buy": if (d.pos === undefined) return null;
        return `Buy ${e.heights[d.pos] && ed.spaces[d.pos].type === "brand" ? spaceName(d.pos) : "a " + spaceName(d.pos) + " billboard"} for ${m(d.price)} (+${units(pieceHeight(d.pos))})`;
      case "auction": return "Don't buy: the bank auctions it";
      case "pass": return pk === "respond" ? "Let it happen" : pk === "auction" ? "Pass (drop out of the auction)" : null;
      case "pay": if (pk !== "rent") return null;
        return (pl(player).cash ?? 0) < d.amount && topOf(player) !== null
          ? `Pay: you can't cover ${m(d.amount)}, so your top (${topText(player)}) goes to ${who(d.owner)}` : `Pay ${m(d.amount)} rent to ${who(d.owner)}`;
      case "target": {
        const q = pl(arg);
        const cash = ["billboard_tax", "casino"].includes(d.purpose) ? `cash ${m(q.cash ?? 0)}, ` : "";
        return `${who(arg)} (${cash}tower ${q.height ?? 0}/${e.capacity}, top: ${topText(arg)})`;
      }
      case "pick": {
        const sp = ed.spaces[arg]; if (!sp) return null;
        if (d.purpose === "youre_fired") return `Fire ${sp.name} (${units(pieceHeight(arg))})`;
        let note = "";
        if (sp.type === "brand") { const o = view.owner ? view.owner[arg] : -1; note = o < 0 ? ` (for sale, ${m(sp.price)})` : o === player ? " (yours)" : ` (${who(o)}'s)`; }
        else if (sp.type === "utility_billboards") note = view.stock && view.stock[arg] ? ` (${view.stock[arg]} left, ${m(sp.price)})` : " (none left)";
        if (d.purpose === "speed-ahead") return `${(arg - (pl(player).position ?? 0) + ed.spaces.length) % ed.spaces.length} forward: ${sp.name}${note}`;
        return `${sp.name}${note}`;
      }
      case "end": if (pk === "choose-space") return "Stay here (no trip)"; return null;
    }
  }
  return null;
}

// actions that choose a space or a player: listed by name in a small dialog when there are many
const SPACE_KINDS = new Set(["pick", "take", "steal", "place"]), PLAYER_KINDS = new Set(["target", "swap"]);
function choiceKind(a) { const k = a.split(" ")[0]; return SPACE_KINDS.has(k) ? "space" : PLAYER_KINDS.has(k) ? "player" : null; }

function openChoices(acts, p) {
  const players = acts.every((a) => choiceKind(a) === "player");
  const rows = acts.map((a) => {
    const arg = Number(a.split(" ")[1]);
    const swatch = players ? el("span", { class: "dot", style: `background:${PLAYER_COLOURS[arg % 6]}` })
      : el("span", { class: "chip" }, el("span", { class: "bar", style: `background:${groupColour(ed.spaces[arg]?.color) || "#999"}` }));
    return el("tr", {}, el("td", {}, swatch), el("td", {}, players ? who(arg) : spaceName(arg)),
      el("td", {}, el("button", { "data-action": a, onclick: () => { send(a); $("dlg").close(); } }, label(a, p))));
  });
  dialog(promptTitle(p), el("div", { class: "choices" }, el("table", {}, rows)));
}

// A trade from one side's point of view: what "you pay" and what "you get" (cards and mortgaged spaces
// named), or for a watcher what each side gives.
function sideItems(spaces, cards, cash) {
  const out = (spaces || []).map((p) => spaceName(p) + (view && view.mortgaged && view.mortgaged[p] ? " (mortgaged)" : ""));
  for (const c of cards || []) out.push(`a Get Out of Jail Free card (${(ed.decks || [])[c] || "deck " + (c + 1)})`);
  if (cash > 0) out.push(m(cash));
  return out;
}
function offerBox(o) {
  const fromProposer = sideItems(o.give, o.give_cards, Math.max(0, o.cash));
  const fromTarget = sideItems(o.take, o.take_cards, Math.max(0, -o.cash));
  const list = (xs) => xs.length ? xs.join(", ") : "nothing";
  let rows;
  if (seat === o.target) rows = [["You get", list(fromProposer)], ["You pay", list(fromTarget)]];
  else if (seat === o.proposer) rows = [["You pay", list(fromProposer)], ["You get", list(fromTarget)]];
  else rows = [[`${names[o.proposer]} gives`, list(fromProposer)], [`${names[o.target]} gives`, list(fromTarget)]];
  return el("table", { class: "offer", id: "offer" }, rows.map(([a, b]) => el("tr", {}, el("th", {}, a), el("td", {}, b))));
}
function offerText(o) {
  const fromProposer = sideItems(o.give, o.give_cards, Math.max(0, o.cash));
  const fromTarget = sideItems(o.take, o.take_cards, Math.max(0, -o.cash));
  return `${names[o.proposer]} gives ${fromProposer.join(", ") || "nothing"} for ${names[o.target]}'s ${fromTarget.join(", ") || "nothing"}`;
}

// ------------------------------------------------------------------ sending
function send(action) {
  if (!ws || ws.readyState !== 1) return toast("not connected");
  ws.send(JSON.stringify({ type: "act", seat, token, version, action }));
}

// ------------------------------------------------------------------ rendering
function render() {
  if (!view) return;
  board.update(view, names);
  document.body.classList.toggle("game-over", !!view.over);
  fitBoard();
  $("players-panel").hidden = false;
  renderPlayers(); renderPot(); renderPrompt(); yourTurnCue(); renderSpaces();
}

// House rule free-parking-pot: the money in the middle, above the prompt (the view carries ``pot`` only in
// games with the house rule, so a game by the book shows nothing here).
function renderPot() {
  const box = $("pot");
  box.hidden = view.pot === undefined || !!view.over;
  const text = box.hidden ? "" : `${(ed.terms && ed.terms.free_parking) || "Free Parking"} pot: ${m(view.pot)}`;
  if (box.textContent !== text) box.textContent = text;
  box.dataset.pot = box.hidden ? "" : String(view.pot);
}

function legalList() { return (view && view.legal) || []; }

// The prompt is built afresh and then merged into the page (morph): what did not change stays the very
// same element, so a button never moves or flickers under a finger while others act.
function renderPrompt() {
  const box = el("div");
  buildPrompt(box);
  if (!replayMode) box.append(recentList());
  morph($("prompt"), box);
  tickTimer();
}

// ``into`` made like ``from`` changing as little as it can: an element with an id is matched by it (a line
// added above it does not make it a new element), the rest by place; equal buttons stay the same elements.
function morph(into, from) {
  const next = [...from.childNodes];
  next.forEach((n, i) => {
    let old = into.childNodes[i];
    if (n.nodeType === 1 && n.id && !(old && old.nodeType === 1 && old.id === n.id)) {
      const same = [...into.children].find((c) => c.id === n.id);
      if (same) { into.insertBefore(same, old || null); old = same; }
    }
    if (!old) { into.append(n); return; }
    if (old.isEqualNode(n)) return;
    if (old.nodeType === 1 && n.nodeType === 1 && old.tagName === n.tagName && !old.matches("button, input, select, a")
      && [...old.attributes].length === [...n.attributes].length && [...n.attributes].every((a) => old.getAttribute(a.name) === a.value)) {
      morph(old, n); return;
    }
    into.replaceChild(n, old);
  });
  while (into.childNodes.length > next.length) into.lastChild.remove();
}

// The last few things that happened, beside the prompt (the log itself may be out of sight).
const recent = [];
function recentList() {
  return el("ul", { class: "recent", id: "recent", "aria-label": "Latest events" }, recent.slice(-3).map((t) => el("li", {}, t)));
}

function buildPrompt(box) {
  const p = view.prompt;
  if (view.over || !p) {
    const winners = (view.winners || []).map((w) => names[w]).join(" & ");
    box.append(el("div", { class: "title", id: "game-over" }, winners ? `Game over — ${winners} win${view.winners.length > 1 ? "" : "s"}!` : "Game over"));
    if (view.over && overText) box.append(el("div", { class: "detail", id: "over-reason" }, overText));
    if (view.over) box.append(standings());
    if (!replayMode) box.append(rematchBox(), el("div", { class: "buttons" }, el("a", { class: "btn", href: `/replay/${gameId}` }, "Replay this game"), el("a", { class: "btn", href: "/" }, "Lobby")));
    return;
  }
  // The any-time tools first: the prompt grows downwards (its top stays put), so they never move while
  // others act, nor when the turn comes.
  const legal = replayMode || seat === null ? [] : legalList();
  const tools = el("div", { class: "tools", id: "tools" });
  if (legal.some((a) => ["build", "sell", "sell-all", "mortgage", "unmortgage"].includes(a.split(" ")[0])))
    tools.append(el("button", { id: "manage", onclick: openManage }, "Build / mortgage…"));
  if (legal.some((a) => a.startsWith("trade"))) tools.append(el("button", { id: "trade", onclick: openTrade }, "Propose trade…"));
  if (tools.childNodes.length) box.append(tools);
  box.append(el("div", { class: "title", id: "prompt-title" }, promptTitle(p)));
  const d = p.details || {};
  if (p.kind === "buy" && ed.spaces[d.pos]) box.append(el("div", { class: "detail" }, `${spaceName(d.pos)} — ${m(d.price ?? ed.spaces[d.pos].price)}`));
  if (p.kind === "auction") box.append(el("div", { class: "detail", id: "auction-state" },
    d.high_bidder >= 0 && d.high ? `High bid ${m(d.high)} by ${names[d.high_bidder]}` : `Opening bid ${m(d.minimum ?? d.opening ?? 1)}`,
    d.bidders ? ` · bidding: ${d.bidders.map((b) => names[b]).join(", ")}` : ""));
  if (p.kind === "trade" && d.offer) box.append(offerBox(d.offer));
  if (replayMode) return;
  if (seat === null) { box.append(el("div", { class: "detail" }, "You are watching.")); return; }
  const answers = legal.filter((a) => !ANYTIME.has(a.split(" ")[0]) && !a.startsWith("bid "));
  const bid = legal.find((a) => a.startsWith("bid "));
  if (p.player === seat) {
    if (bid) {
      const [lo, hi] = bid.slice(4).split("..").map(Number);
      const input = el("input", { type: "number", id: "bid-amount", min: lo, max: hi, value: lo });
      const inc = (k) => el("button", { type: "button", onclick: () => (input.value = Math.min(hi, Math.max(lo, Number(input.value) + k))) }, `+${k}`);
      const step = Math.max(d.increment ?? 1, 10);   // the edition's raise (Empire: 50K), at least 10
      box.append(el("div", { class: "bidbox" }, input, inc(step), inc(5 * step),
        el("button", { class: "primary", id: "bid-button", onclick: () => send(`bid ${Math.floor(Number(input.value))}`) }, "Bid"),
        el("span", { class: "empty" }, `${m(lo)}–${m(hi)}`)));
    }
    const choices = answers.filter(choiceKind);
    const many = choices.length > 4;          // a few choices are buttons; many are a list in a dialog
    const inline = many ? answers.filter((a) => !choiceKind(a)) : answers;
    if (many) {
      const what = choices.every((a) => choiceKind(a) === "player") ? "a player" : choices.every((a) => choiceKind(a) === "space") ? "a space" : "";
      box.append(el("div", { class: "buttons" }, el("button", { class: "primary", id: "choices", onclick: () => openChoices(choices, p) },
        `Choose ${what || "one"} from a list… (${choices.length})`)));
    }
    box.append(el("div", { class: "buttons" }, inline.map((a) => el("button", { class: a === "roll" || a === "buy" || a === "pay" ? "primary" : a === "bankrupt" ? "danger" : "", "data-action": a, onclick: () => send(a) }, label(a, p)))));
  } else {
    box.append(el("div", { class: "detail", id: "waiting" }, waitingText(p.player)));
  }
  if (deadline && !replayMode) box.append(el("div", { class: "detail timer", id: "turn-timer" }, timerText()));
}

// Final standings: winners first, then by net worth (the view's valuation of each player).
function standings() {
  const players = view.players || [], won = new Set(view.winners || []);
  const order = players.map((_, s) => s).sort((a, b) => (won.has(b) - won.has(a)) || ((players[b].net_worth ?? 0) - (players[a].net_worth ?? 0)));
  const labels = tokenLabels(names);
  return el("table", { class: "standings", id: "standings" },
    el("tr", {}, el("th", {}, "#"), el("th", {}, "Player"), el("th", {}, "Net worth")),
    order.map((s, i) => el("tr", { class: won.has(s) ? "winner" : players[s].alive === false ? "out" : "", "data-seat": s },
      el("td", {}, won.has(s) ? "★ 1" : String(i + 1)),
      el("td", {}, el("span", { class: "dot", style: `background:${PLAYER_COLOURS[s % 6]}` }, labels[s]), " ", names[s], s === seat ? " (you)" : "",
        players[s].alive === false ? el("span", { class: "empty" }, " bankrupt") : ""),
      el("td", { class: "num" }, m(players[s].net_worth ?? players[s].cash ?? 0)))));
}

// Who the game waits for: a person, a bot, or the bot that minds an absent person's seat.
const BOT_WORDS = { "stand-in": "a stand-in minds the seat: it buys and trades nothing" };
function waitingText(s) {
  const st = (info && info.seats[s]) || {}, who = names[s] || `Seat ${s + 1}`;
  if (st.stand_in) return `${who} is away: ${st.stand_in === "stand-in" ? BOT_WORDS["stand-in"] : "the full bot plays"}…`;
  if (st.kind && st.kind !== "human") return `${who} (bot) is thinking…`;
  return `Waiting for ${who}…`;
}

// The turn timer's countdown, while a person's turn is timed (plain words: a clock glyph is missing from
// common Linux fonts).
function timerText() {
  const left = Math.max(0, Math.round(deadline - Date.now() / 1000));
  const p = view && view.prompt;
  return p ? `Time left: ${left} s, then a stand-in minds ${p.player === seat ? "your" : names[p.player] + "'s"} turn (it buys and trades nothing)` : "";
}
function tickTimer() {
  const t = $("turn-timer"); if (!t || !deadline) return;
  t.textContent = timerText();
}
setInterval(tickTimer, 1000);

// "Your turn": the tab's title, an optional sound, a notification when the tab is hidden.
const prefs = { get sound() { return localStorage.getItem("om-sound") === "1"; }, get notify() { return localStorage.getItem("om-notify") === "1"; } };
function yourTurnCue() {
  const p = view && view.prompt;
  const mine = !replayMode && seat !== null && p && p.player === seat && !view.over && legalList().length > 0;
  document.title = (mine ? "● Your turn — " : "") + `openmonopoly — ${ed.name}`;
  document.body.classList.toggle("my-turn", !!mine);
  $("turnbar").hidden = !mine || promptInView;
  if (mine && !myTurnBefore) {
    if (prefs.sound) beep();
    try { if (navigator.vibrate && navigator.userActivation?.hasBeenActive) navigator.vibrate([120, 60, 120]); } catch { /* not allowed here */ }
    const typing = document.activeElement && document.activeElement.matches("input, textarea, select");
    if (!promptInView && !typing && !$("dlg").open) showPrompt();
    if (prefs.notify && document.hidden && "Notification" in window && Notification.permission === "granted")
      new Notification("Your turn", { body: `${ed.name}: ${promptTitle(p)}`, tag: "om-" + gameId });
  }
  myTurnBefore = !!mine;
}
// Whether the prompt is on screen: if not when a turn comes, it is brought into view (unless the person is
// typing), and a "Your turn" bar stays at the bottom of the screen until it is.
let promptInView = true;
function showPrompt() { $("prompt").scrollIntoView({ block: "center", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" }); }
function watchPrompt() {
  $("turnbar").addEventListener("click", showPrompt);
  if (!("IntersectionObserver" in window)) return;
  new IntersectionObserver((entries) => {
    promptInView = entries[entries.length - 1].isIntersecting;
    if (view) $("turnbar").hidden = promptInView || !document.body.classList.contains("my-turn");
  }, { threshold: 0.6 }).observe($("prompt"));
}
let audio = null;
function beep() {
  try {
    audio = audio || new AudioContext();
    const o = audio.createOscillator(), g = audio.createGain();
    o.frequency.value = 660; g.gain.setValueAtTime(0.12, audio.currentTime); g.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    o.connect(g).connect(audio.destination); o.start(); o.stop(audio.currentTime + 0.35);
  } catch { /* no sound here */ }
}
function setupCues() {
  const sound = el("label", { class: "cue", title: "Play a sound when it is your turn" },
    el("input", { type: "checkbox", id: "cue-sound", checked: prefs.sound, onchange: (e) => { localStorage.setItem("om-sound", e.target.checked ? "1" : "0"); if (e.target.checked) beep(); } }), "Sound");
  const note = el("label", { class: "cue", title: "Notify me when it is my turn and this tab is hidden" },
    el("input", { type: "checkbox", id: "cue-notify", checked: prefs.notify, onchange: async (e) => {
      if (e.target.checked && "Notification" in window && Notification.permission !== "granted") e.target.checked = (await Notification.requestPermission()) === "granted";
      localStorage.setItem("om-notify", e.target.checked ? "1" : "0");
    } }), "Notify");
  $("cues").append(sound, note);
}

// A board drawn smaller than its words can be read (a phone): its words are hidden and the Spaces list
// says them at a readable size.
const COMPACT_BELOW = 600;
function fitBoard() {
  const width = $("board").getBoundingClientRect().width;
  $("board").classList.toggle("compact", width < COMPACT_BELOW);
  if (width >= COMPACT_BELOW) board.setScale(board.root.getBoundingClientRect().width / 1000);   // (words at 11 px or more)
}
addEventListener("resize", () => ed && fitBoard());

function renderSpaces() {
  if (!matchMedia("(max-width: 1000px)").matches || !view) return;
  const players = view.players || [], at = new Map();
  players.forEach((pl, s) => { if (pl.alive !== false) { if (!at.has(pl.position)) at.set(pl.position, []); at.get(pl.position).push(s); } });
  const labels = tokenLabels(names), hotel = view.hotel_level ?? Infinity;
  const rows = ed.spaces.map((sp, p) => {
    const owner = view.owner ? view.owner[p] : -1, lvl = view.level ? view.level[p] : 0;
    const here = at.get(p) || [];
    const bits = [];
    if (owner >= 0) bits.push(el("span", { class: "dot", style: `background:${PLAYER_COLOURS[owner % 6]}` }, labels[owner]));
    if (lvl) bits.push(" ", lvl >= hotel ? (ed.terms.hotel || "hotel") : `${lvl} ${lvl === 1 ? ed.terms.house || "house" : ed.terms.houses || "houses"}`);
    if (view.mortgaged && view.mortgaged[p]) bits.push(" ", el("span", { class: "mortgaged-note" }, "mortgaged"));
    const price = sp.price || (sp.type === "tax" ? sp.amount : 0);
    return el("tr", { class: here.length ? "here" : "", "data-pos": p, onclick: () => openDeed(p) },
      el("td", {}, el("span", { class: "sw", style: `background:${groupColour(sp.color) || "#fff"}` })),
      el("td", {}, sp.name, here.length ? el("span", {}, " ", here.map((s) => el("span", { class: "dot", style: `background:${PLAYER_COLOURS[s % 6]}`, title: names[s] }, labels[s]))) : ""),
      el("td", {}, bits), el("td", { class: "num" }, price ? m(price) : ""));
  });
  morph($("spaces"), el("div", {}, el("table", { id: "space-list" }, el("tbody", {}, rows))));
}

function holdingsOf(s) {
  const out = [];
  (view.owner || []).forEach((o, p) => { if (o === s) out.push(p); });
  return out;
}

function seatWord(s) {
  const st = info.seats[s] || {};
  if (st.kind === "replay") return st.bot ? "bot" : "player";
  if (st.kind !== "human") return "bot";
  if (st.stand_in) return st.stand_in === "stand-in" ? "away — a stand-in minds the seat" : "away — the full bot plays";
  if (!st.claimed) return "free seat";
  return st.connected === false && hostToken() ? "offline" : "player";
}

function renderPlayers() {
  const box = $("players"); box.innerHTML = "";
  (view.players || []).forEach((pl, s) => {
    const turn = view.prompt && view.prompt.player === s;
    const kind = info.seats[s]?.kind;
    const chips = holdingsOf(s).map((p) => {
      const sp = ed.spaces[p], lvl = view.level ? view.level[p] : 0;
      return el("span", { class: "chip" + (view.mortgaged && view.mortgaged[p] ? " mort" : ""), title: sp.name, onclick: () => openDeed(p) },
        el("span", { class: "bar", style: `background:${groupColour(sp.color) || "#999"}` }), lvl ? el("span", { class: "lvl" }, lvl >= (view.hotel_level ?? Infinity) ? "H" : lvl) : null);
    });
    const extra = [];
    if (pl.in_jail) extra.push(`in ${ed.terms.jail || "jail"}`);
    if (pl.jail_cards && (pl.jail_cards.length || pl.jail_cards > 0)) extra.push(`${pl.jail_cards.length ?? pl.jail_cards} get-out-of-jail card(s)`);
    if (pl.character) extra.push(pl.character);
    if (pl.carries_grogu) extra.push("carries Grogu");
    if (Array.isArray(pl.signet_cards) && pl.signet_cards.length) extra.push(`${pl.signet_cards.length} Signet card(s)`);
    if (Array.isArray(pl.enemy_cards) && pl.enemy_cards.length) extra.push(`${pl.enemy_cards.length} enemy card(s) won`);
    if (pl.height !== undefined) extra.push(`tower height ${pl.height}${pl.tower_value ? ", worth " + m(pl.tower_value) : ""}`);
    if (typeof pl.empire_cards === "number") extra.push(`${pl.empire_cards} Empire card(s)`);
    if (s === seat && Array.isArray(view.hand) && view.hand.length) {
      const cards = (emp() && emp().cards) || [];
      extra.push(`your hand: ${view.hand.map((i) => (cards[i] && cards[i].title) || `card ${i}`).join(", ")}`);
    }
    if (pl.net_worth !== undefined) extra.push(`worth ${m(pl.net_worth)}`);
    box.append(el("div", { class: "player" + (turn ? " turn" : "") + (pl.alive === false ? " out" : ""), style: `border-left-color:${PLAYER_COLOURS[s % 6]}`, "data-seat": s },
      el("div", { class: "name" }, el("span", {}, el("span", { class: "dot", style: `background:${PLAYER_COLOURS[s % 6]}` }, tokenLabels(names)[s]), " ", names[s] || pl.name, s === seat ? " (you)" : ""),
        el("span", { class: "pill " + (seatWord(s) === "player" ? "" : "bot") }, seatWord(s))),
      el("div", { class: "cash", "data-cash": pl.cash }, m(pl.cash)),
      el("div", { class: "meta" }, pl.alive === false ? "bankrupt" : extra.join(" · ")),
      el("div", { class: "holdings" }, chips)));
  });
}

let overText = "";  // how the game ended, in the edition's words (its game-over event)
function logEvents(events) {
  const box = $("log");
  for (const e of events) {
    if (e.kind === "game-over") overText = e.text;
    if (e.text && e.kind !== "turn") recent.push(e.text);
    if (TRADE_EVENTS.has(e.kind)) chatTrade(e);
    const cls = e.kind === "turn" ? "turn" : e.kind === "game-over" ? "over" : ["bankrupt", "jail", "debt"].includes(e.kind) ? "bad" : "";
    box.append(el("div", { class: cls }, e.text));
  }
  while (box.children.length > 500) box.firstChild.remove();
  recent.splice(0, Math.max(0, recent.length - 3));
  $("log-panel").hidden = !box.children.length;
  box.scrollTop = box.scrollHeight;
}

// ------------------------------------------------------------------ dialogs
function dialog(title, ...content) {
  const body = $("dlg-body"); body.innerHTML = "";
  body.append(el("button", { class: "close", onclick: () => $("dlg").close() }, "×"), el("h3", {}, title), ...content);
  if (!$("dlg").open) $("dlg").showModal();
}

function spaceActions(p) {
  return legalList().filter((a) => { const [k, arg] = a.split(" "); return ANYTIME.has(k) && k !== "trade" && Number(arg) === p; });
}

function openDeed(p) {
  const sp = ed.spaces[p]; if (!sp) return;
  const colour = groupColour(sp.color) || "#ddd";
  const rows = [];
  if (sp.price) rows.push(["Price", m(sp.price)]);
  const hw = ed.terms.house || "house", hh = ed.terms.hotel || "hotel";
  if (sp.rent && sp.rent.length) sp.rent.forEach((r, i) => rows.push([i === 0 ? "Rent" : i === sp.rent.length - 1 && sp.rent.length >= 6 ? `With a ${hh}` : `With ${i} ${i === 1 ? hw : ed.terms.houses || hw + "s"}`, m(r)]));
  if (sp.house_cost) rows.push([`${hw} cost`, m(sp.house_cost)]);
  if (sp.mortgage) rows.push(["Mortgage value", m(sp.mortgage)]);
  const owner = view && view.owner ? view.owner[p] : -1;
  const acts = spaceActions(p);
  dialog(sp.name,
    el("div", { class: "deed" }, el("div", { class: "head", style: `background:${colour};color:${colour === "#0072BB" || colour === "#8B4513" ? "#fff" : "#111"}` },
      el("small", {}, (ed.terms.title_deed || "TITLE DEED").toUpperCase()), sp.name),
      el("table", {}, rows.map(([a, b]) => el("tr", {}, el("td", {}, a), el("td", {}, b))))),
    el("div", { class: "detail" }, owner >= 0 ? `Owned by ${names[owner]}${view.mortgaged && view.mortgaged[p] ? " (mortgaged)" : ""}` : sp.price ? "Owned by the bank" : ""),
    el("div", { class: "buttons" }, acts.map((a) => el("button", { "data-action": a, onclick: () => { send(a); $("dlg").close(); } }, label(a)))));
}

// A building dialog button with the printed price it concerns (the deed's house cost, mortgage value).
function manageLabel(a) {
  const [kind, arg] = a.split(" "), sp = ed.spaces[Number(arg)] || {};
  const hw = ed.terms.house || "house";
  switch (kind) {
    case "build": return sp.house_cost ? `Build (${m(sp.house_cost)} a ${hw})` : "Build";
    case "sell": return sp.house_cost ? `Sell a ${hw} (+${m(Math.floor(sp.house_cost / 2))} back, half its ${m(sp.house_cost)})` : "Sell";
    case "sell-all": return "Sell the set's buildings";
    case "mortgage": return sp.mortgage ? `Mortgage (+${m(sp.mortgage)})` : "Mortgage";
    case "unmortgage": return sp.mortgage ? `Lift mortgage (${m(sp.mortgage)} + interest)` : "Lift mortgage";
  }
  return label(a);
}

function openManage() {
  const acts = legalList().filter((a) => ANYTIME.has(a.split(" ")[0]) && !a.startsWith("trade"));
  const byPos = new Map();
  for (const a of acts) { const p = Number(a.split(" ")[1]); if (!byPos.has(p)) byPos.set(p, []); byPos.get(p).push(a); }
  const rows = [...byPos.keys()].sort((a, b) => a - b).map((p) => el("tr", {},
    el("td", {}, el("span", { class: "chip", style: "display:inline-block;vertical-align:middle;margin-right:6px" }, el("span", { class: "bar", style: `background:${groupColour(ed.spaces[p].color) || "#999"}` })), spaceName(p)),
    el("td", {}, view.level ? (view.level[p] ? `${view.level[p]}` : "") : ""),
    el("td", {}, byPos.get(p).map((a) => el("button", { "data-action": a, onclick: () => send(a) }, manageLabel(a))))));
  dialog(`Build, sell and mortgage (${ed.terms.houses || "houses"} / ${ed.terms.hotels || "hotels"})`,
    el("div", { class: "manage" }, rows.length ? el("table", {}, rows) : el("div", { class: "empty" }, "Nothing to do right now.")));
}

function openTrade() {
  const partners = (view.players || []).map((_, s) => s).filter((s) => s !== seat && view.players[s].alive !== false);
  const target = el("select", { id: "trade-with" }, partners.map((s) => el("option", { value: s }, names[s])));
  const give = el("div", { id: "trade-give" }), take = el("div", { id: "trade-take" });
  const cash = el("input", { type: "number", id: "trade-cash", min: 0, value: 0, style: "width:110px" });
  const way = el("select", { id: "trade-cash-way" }, el("option", { value: "pay" }, "I pay"), el("option", { value: "ask" }, "I ask for"));
  const mark = (p) => spaceName(p) + (view.mortgaged && view.mortgaged[p] ? " (mortgaged)" : "");
  const cardsOf = (s) => ((view.players[s] || {}).jail_cards || []);
  const deckName = (c) => `Get Out of Jail Free (${(ed.decks || [])[c] || "deck " + (c + 1)})`;
  const fill = () => {
    give.innerHTML = ""; take.innerHTML = "";
    for (const p of holdingsOf(seat)) give.append(el("label", {}, el("input", { type: "checkbox", value: p, "data-space": p }), " ", mark(p)));
    for (const c of cardsOf(seat)) give.append(el("label", {}, el("input", { type: "checkbox", value: c, "data-card": c }), " ", deckName(c)));
    const other = Number(target.value);
    for (const p of holdingsOf(other)) take.append(el("label", {}, el("input", { type: "checkbox", value: p, "data-space": p }), " ", mark(p)));
    for (const c of cardsOf(other)) take.append(el("label", {}, el("input", { type: "checkbox", value: c, "data-card": c }), " ", deckName(c)));
  };
  target.addEventListener("change", fill); fill();
  const go = () => {
    const pick = (box, attr) => [...box.querySelectorAll(`input[${attr}]:checked`)].map((i) => Number(i.value));
    const amount = Math.max(0, Math.floor(Number(cash.value) || 0));
    send({ kind: "trade", offer: { proposer: seat, target: Number(target.value), give: pick(give, "data-space"), take: pick(take, "data-space"),
      cash: way.value === "ask" ? -amount : amount, give_cards: pick(give, "data-card"), take_cards: pick(take, "data-card") } });
    $("dlg").close();
  };
  dialog("Propose a trade", el("div", { class: "field" }, el("label", { for: "trade-with" }, "With"), target),
    el("div", { class: "trade-cols" }, el("div", {}, el("b", {}, "You pay"), give), el("div", {}, el("b", {}, "You get"), take)),
    el("div", { class: "field" }, el("label", { for: "trade-cash" }, "Cash"), el("div", { class: "chatrow" }, way, cash)),
    el("button", { class: "primary", id: "trade-offer", onclick: go }, "Offer"));
}

// ------------------------------------------------------------------ table talk (the server's web/chat.py)
const TRADE_EVENTS = new Set(["trade-offered", "trade-accepted", "trade-rejected"]);
let reactions = [], muted = [];
function chatLine(cls, ...parts) {
  const box = $("chat");
  box.append(el("div", { class: cls }, ...parts));
  while (box.children.length > 300) box.firstChild.remove();
  box.scrollTop = box.scrollHeight;
}
function chatTrade(e) { if (!replayMode) chatLine("trade", e.text); }
function showChat(msgs) {
  for (const c of msgs) {
    const who = el("span", { class: "who", style: c.seat !== null && c.seat !== undefined ? `color:${PLAYER_COLOURS[c.seat % 6]}` : "" }, c.name);
    if (c.kind === "say") chatLine(c.channel === "spectators" ? "spect" : "", who, c.channel === "spectators" ? " (watching): " : ": ", c.text);
    else if (c.kind === "react") chatLine("react", who, " ", el("b", {}, c.text));
    else if (c.kind === "mute" || c.kind === "unmute") chatLine("sys", `The host ${c.kind}d ${c.name}.`);
    else if (c.kind === "rematch") { rematchId = c.text; chatLine("sys", "The host started a rematch."); if (view && view.over) renderPrompt(); }
  }
}
function chatForm() {
  const form = $("chat-form"); form.innerHTML = "";
  $("chat-panel").style.display = "";
  if (seat !== null && muted.includes(seat)) { form.append(el("div", { class: "empty" }, "The host muted your table talk.")); return; }
  if (seat === null && !hostToken() && !info.spectator_chat) {
    form.append(el("div", { class: "empty", id: "spectators-quiet" }, "You read the table's talk; the host has not opened a channel for spectators to talk."));
    return;
  }
  const input = el("input", { id: "chat-input", maxlength: 240, placeholder: seat === null ? "Talk with the other spectators" : "Talk to the table", "aria-label": "message" });
  const say = () => { const t = input.value.trim(); if (!t) return; if (ws && ws.readyState === 1) ws.send(JSON.stringify({ type: "say", text: t })); input.value = ""; };
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") say(); });
  form.append(el("div", { class: "chatrow" }, input, el("button", { id: "chat-send", onclick: say }, "Send")),
    el("div", { class: "reactions" }, reactions.map((r) => el("button", { "data-reaction": r, onclick: () => ws && ws.send(JSON.stringify({ type: "say", text: r, reaction: true })) }, r))));
}

// ------------------------------------------------------------------ rematch
let rematchId = null;
function rematchBox() {
  if (replayMode) return el("div");
  if (rematchId) return el("div", { class: "buttons" }, el("button", { class: "go", id: "rematch-go", onclick: goRematch }, "Play the rematch"));
  if (hostToken()) return el("div", { class: "buttons" }, el("button", { class: "primary", id: "rematch", onclick: startRematch }, "Rematch: same seats, same edition"));
  if (seat !== null) return el("div", { class: "buttons" }, el("button", { id: "rematch-ask", onclick: () => ws && ws.send(JSON.stringify({ type: "say", text: "Rematch?", reaction: true })) }, "Ask the host for a rematch"));
  return el("div");
}
async function startRematch() {
  try { const j = await api(`/api/games/${gameId}/rematch`, { host: hostToken() }); rematchId = j.game; goRematch(); }
  catch (e) { toast(e.message); }
}
// Each person keeps their seat (and this device's seat token) in the rematch, and the host stays host.
function goRematch() {
  if (!rematchId) return;
  if (seat !== null && token) saveSeat(rematchId, seat, token);
  saveSecret(rematchId, "host", hostToken()); saveSecret(rematchId, "invite", inviteCode());
  location.href = `/game/${rematchId}`;
}

// ------------------------------------------------------------------ seats, links and the host's controls
function copyRow(id, label, value, button = "Copy") {
  const input = el("input", { id, readonly: true, value });
  const copy = el("button", { type: "button", id: id + "-copy", onclick: () => { input.select(); navigator.clipboard?.writeText(value); toast("Copied"); } }, button);
  return el("div", { class: "linkrow" }, el("label", { for: id }, label), el("div", { class: "invite" }, input, copy));
}

// What happened when a link stopped working, and what to do now: a page of its own, not "Connecting…".
function showGone(title, text) {
  gone = { title, text }; closedFor = text;
  renderGone(); renderSeats();
}
function renderGone() {
  if (!gone) return;
  const box = $("prompt"); box.innerHTML = "";
  const free = (info?.seats || []).filter((s) => s.kind === "human" && !s.claimed);
  const acts = [];
  if (free.length && (info.public || inviteCode())) acts.push(el("button", { class: "go", onclick: () => $("join-name")?.focus() }, "Take a free seat"));
  if (info?.spectators && (info.public || inviteCode())) acts.push(el("button", { id: "gone-watch", onclick: () => { gone = null; closedFor = null; connect(); } }, "Watch the game"));
  acts.push(el("a", { class: "btn", href: "/" }, "Lobby"));
  box.append(el("div", { class: "gone", id: "gone" }, el("div", { class: "title" }, gone.title), el("div", { class: "detail" }, gone.text),
    el("div", { class: "buttons" }, acts)));
}

function renderSeats() {
  const panel = $("seat-panel"), list = $("seatlist");
  panel.style.display = replayMode ? "none" : "";
  const typed = $("join-name")?.value;   // (what the person is typing survives the redraw when someone else joins)
  list.innerHTML = "";
  if (closedFor) { list.append(el("div", { class: "detail", id: "closed-note" }, closedFor)); }
  const free = info.seats.filter((s) => s.kind === "human" && !s.claimed);
  const mayJoin = info.public || inviteCode();
  if (seat === null && free.length && mayJoin && !view?.over) {
    const name = el("input", { id: "join-name", maxlength: 40, placeholder: "Your name", value: typed ?? (localStorage.getItem("om-name") || "") });
    list.append(el("div", { class: "detail" }, "Take a free seat:"), el("div", { class: "field" }, el("label", { for: "join-name" }, "Your name"), name),
      el("div", { class: "buttons" }, free.map((s) => el("button", { class: "go", "data-seat": s.seat, onclick: () => takeSeat(s.seat, name.value) }, `Play as ${s.name}`))));
  } else if (seat === null && !mayJoin) {
    list.append(el("div", { class: "detail" }, "This game is private: open it with its invite link to take a seat."));
  } else if (seat === null) {
    list.append(el("div", { class: "empty" }, free.length ? "" : "You are watching; every seat is taken."));
  } else {
    if (free.length) list.append(el("div", { class: "empty" }, `Waiting for ${free.length} more player(s): send them the invite link.`));
    const mine = info.seats[seat];
    if (mine && mine.stand_in && !view?.over) {   // the host let a bot play my seat: I take it back myself
      list.append(el("div", { class: "detail", id: "stand-in-note" }, `A bot (${mine.stand_in}) is playing your seat.`),
        el("button", { class: "go", id: "reclaim", onclick: reclaim }, "Play my seat again"));
    }
  }
  // The invite link first: it is the one to share with the group.
  if (inviteCode() && !view?.over) list.prepend(el("div", { class: "invite-box" }, copyRow("invite", "Invite link — send it to the group: whoever has it can join" + (info.spectators ? " or watch" : ""), inviteLink(gameId, inviteCode()), "Copy invite link"),
    inviteNote ? el("div", { class: "detail", id: "invite-changed" }, inviteNote) : ""));
  if (seat !== null && token) {
    list.append(el("details", { class: "move-seat", id: "move-seat" }, el("summary", {}, "Move my seat to another device"),
      copyRow("seat-link", "Your seat link — open it on your other device. It is your seat alone: never send it to the group.", seatLink(gameId, seat, token), "Copy my seat link")));
  }
  if (hostToken()) list.append(hostControls());
}

function reclaim() {
  if (ws && ws.readyState === 1) ws.send(JSON.stringify({ type: "reclaim", seat, token }));
}

function hostControls() {
  const box = el("div", { class: "host", id: "host-panel" }, el("h3", {}, "Host"));
  const rows = info.seats.filter((s) => s.kind === "human").map((s) => {
    const state = s.stand_in ? (s.stand_in === "stand-in" ? "a stand-in minds it" : "the full bot plays") : !s.claimed ? "free" : s.connected ? "here" : "away";
    const acts = [];
    if (!view?.over) {
      if (!s.stand_in) acts.push(
        el("button", { "data-host": "bot", "data-seat": s.seat, title: "A stand-in minds the seat: it rolls, pays what is owed, buys and trades nothing", onclick: () => host({ command: "bot", seat: s.seat }) }, "Bot plays"),
        el("button", { "data-host": "full-bot", "data-seat": s.seat, title: "The full heuristic bot plays the seat as its own game: it buys, builds and trades", onclick: () => host({ command: "bot", seat: s.seat, kind: "heuristic" }) }, "Full bot"));
      else if (s.claimed) acts.push(el("button", { "data-host": "take-back", "data-seat": s.seat, onclick: () => host({ command: "take-back", seat: s.seat }) }, "Take back"));
      if (s.claimed && s.seat !== seat) acts.push(el("button", { class: "danger", "data-host": "remove", "data-seat": s.seat,
        onclick: () => confirm(`Remove ${s.name} from the game? Their seat link stops working and a bot plays until someone joins.` + (info.public ? "" : " The invite link is replaced too, so they cannot come back with it: send the new one to anyone still to join. Players keep their seats.")) && host({ command: "remove", seat: s.seat }) }, "Remove"));
    }
    return el("tr", { "data-seat": s.seat }, el("td", {}, el("span", { class: "dot", style: `background:${PLAYER_COLOURS[s.seat % 6]}` })),
      el("td", {}, s.name), el("td", { class: "presence " + (s.stand_in ? "a-bot-plays" : state) }, state), el("td", {}, acts));
  });
  const timer = el("select", { id: "turn-timer-select", onchange: (e) => host({ command: "timer", seconds: e.target.value ? Number(e.target.value) : null }) },
    timerChoices(timerMin, info.turn_timer).map(([v, t]) => el("option", { value: v, selected: String(info.turn_timer ?? "") === v }, t)));
  const watch = el("input", { type: "checkbox", id: "allow-spectators", checked: !!info.spectators, onchange: (e) => host({ command: "spectators", allowed: e.target.checked }) });
  const talk = el("input", { type: "checkbox", id: "allow-spectator-chat", checked: !!info.spectator_chat, onchange: (e) => host({ command: "spectator-chat", allowed: e.target.checked }) });
  const humans = info.seats.filter((s) => s.kind === "human").length;
  const perGuest = el("select", { id: "seats-per-guest", onchange: (e) => host({ command: "seats-per-guest", seats: e.target.value ? Number(e.target.value) : null }) },
    seatsPerGuestChoices(humans - 1).map(([v, t]) => el("option", { value: v, selected: String(info.seats_per_guest ?? "") === v }, t)));
  const renew = el("button", { id: "new-invite", onclick: () => confirm("Make a new invite link? The old one stops working: whoever has it can no longer join or watch. Players keep their seats.") && newInvite() }, "New invite link");
  box.append(el("table", { class: "hostseats" }, rows),
    el("div", { class: "field row" }, el("label", { for: "turn-timer-select" }, "Turn timer (then a stand-in minds the turn)"), timer),
    el("label", { class: "check" }, watch, " Spectators may watch (with the invite link)"),
    el("label", { class: "check" }, talk, " Spectators may talk among themselves (players do not read it)"),
    el("div", { class: "field row" }, el("label", { for: "seats-per-guest" }, "Seats one guest may take" + (info.public ? " (one browser or network)" : " (one browser)")), perGuest),
    el("div", { class: "buttons" }, renew),
    el("details", { class: "host-link", id: "host-link-box" }, el("summary", {}, "Run this game from another device"),
      copyRow("host-link", "Host link — your host controls on another device. Keep it to yourself: it is not an invite.", hostLink(gameId, hostToken()), "Copy host link")));
  return box;
}

async function newInvite() {
  try {
    const r = await api(`/api/games/${gameId}/host`, { command: "new-invite", host: hostToken() });
    saveSecret(gameId, "invite", r.invite); info = r; inviteNote = null; renderSeats(); toast("New invite link: the old one no longer works");
  } catch (e) { toast(e.message); }
}

async function host(command) {
  try {
    info = await api(`/api/games/${gameId}/host`, { ...command, host: hostToken() });
    if (info.invite) {   // removing a player replaced the invite link: the host re-shares the new one
      saveSecret(gameId, "invite", info.invite);
      inviteNote = `The invite link changed because you removed ${names[command.seat] || "a player"}: the old one no longer works. Send this new link to anyone still to join; players keep their seats.`;
      toast("New invite link: the old one no longer works");
    }
    renderSeats(); if (view) render();
  }
  catch (e) { toast(e.message); }
}

async function takeSeat(s, name) {
  name = (name || "").trim();
  try {
    const mine = savedSeat(gameId);   // (a guest takes at most the game's seats per guest: the server counts this browser's)
    const j = await api(`/api/games/${gameId}/join`, { seat: s, name: name || null, invite: inviteCode(), held: mine ? [mine.token] : [], host: hostToken() || null });
    if (name) localStorage.setItem("om-name", name);
    saveSeat(gameId, j.seat, j.token); seat = j.seat; token = j.token; closedFor = null;
    if (ws && ws.readyState <= 1) ws.close(); else connect();
  } catch (e) { toast(e.message); }
}

// ------------------------------------------------------------------ connection
function connect() {
  const saved = savedSeat(gameId);
  seat = saved ? saved.seat : null; token = saved ? saved.token : null;
  const removed = savedSecret(gameId, "removed"), inviteWorks = inviteCode() && !info.public && !info.private;
  if (removed && inviteWorks) forgetSecret(gameId, "removed");   // the host sent them a new invite link
  else if (removed && seat === null && !hostToken()) {   // the host removed this browser's player: say so, every visit
    if (info.private) forgetSecret(gameId, "invite");   // (it no longer opens the game: no seat form for it)
    showGone("You were removed from this game", removed); document.body.dataset.ready = "1"; return;
  }
  if (info.private && inviteCode() && !hostToken() && seat === null) {   // this browser's invite code no longer opens the game
    showGone("This invite link no longer works", "The host replaced this game's invite link. Ask the host for the new one.");
    document.body.dataset.ready = "1"; return;
  }
  if (seat === null && !hostToken() && !info.spectators) {      // nothing to watch: the page shows how to join
    if (gone) renderGone();
    else $("prompt").textContent = info.public || inviteCode() ? "Take a seat to play." : "This game is private: open it with its invite link (ask the host).";
    renderSeats(); document.body.dataset.ready = "1"; return;
  }
  ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${gameId}`);
  ws.onopen = () => { retry = 0; $("conn").textContent = "connected"; ws.send(JSON.stringify({ type: "hello", seat, token, invite: inviteCode(), host: hostToken() })); };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if ("deadline" in msg) deadline = msg.deadline;
    if (msg.type === "sync") {
      info = msg.game; seat = msg.seat; version = msg.version; view = msg.view; names = info.seats.map((s) => s.name);
      if (gone && seat === null && !closedFor) gone = null;
      showContinued();
      $("log").innerHTML = ""; logEvents(msg.log); renderSeats(); render();
      if (msg.chat) { reactions = msg.chat.reactions; muted = msg.chat.muted; $("chat").innerHTML = ""; showChat(msg.chat.messages); chatForm(); }
      document.body.dataset.version = version; document.body.dataset.ready = "1";
    } else if (msg.type === "update") {
      const wasOver = view && view.over;
      version = msg.version; view = msg.view; logEvents(msg.events); render();
      document.body.dataset.version = version;
      if ($("dlg").open && $("dlg-body").querySelector(".manage")) openManage();
      if (view.over && !wasOver) renderSeats();
    } else if (msg.type === "seats") {
      const talked = info && info.spectator_chat;
      info = msg.game; names = info.seats.map((s) => s.name); renderSeats(); render();
      if (seat === null && talked !== info.spectator_chat && reactions.length) chatForm();   // the host opened or closed the spectators' channel
    } else if (msg.type === "chat") {
      if (msg.muted) muted = msg.muted;
      showChat(msg.messages); if (msg.messages.some((c) => c.kind === "mute" || c.kind === "unmute")) chatForm();
    } else if (msg.type === "removed") {
      forgetSeat(gameId); seat = null; token = null; gone = { title: "You were removed from this game", text: msg.message }; closedFor = msg.message;
      saveSecret(gameId, "removed", msg.message); if (!info.public) forgetSecret(gameId, "invite");   // (it was replaced)
    } else if (msg.type === "error") {
      if (msg.code === "wrong-token" && token) {   // a revoked or stale seat link
        forgetSeat(gameId); seat = null; token = null;
        gone = { title: "This seat link no longer works", text: "The host removed this seat's player, or the seat went to someone else. Ask the host for the invite link to join again, watch if the game allows it, or take a free seat." };
        closedFor = gone.text; renderGone(); renderSeats();
      } else if (msg.code === "private") {
        closedFor = msg.message;
        if (!gone) gone = { title: "You cannot watch this game", text: msg.message };
      } else toast(msg.message);
    }
  };
  ws.onclose = (ev) => {
    if (ev.code === 4001 || ev.code === 4003) {       // removed, or not allowed to watch: no retry as before
      $("conn").textContent = ""; seat = null; token = null; renderSeats(); renderGone();
      document.body.dataset.ready = "1";
      return;
    }
    $("conn").textContent = "reconnecting…"; setTimeout(connect, Math.min(5000, 300 * 2 ** retry++));
  };
}

// ------------------------------------------------------------------ replay
// A private game's players and replay: proven by whatever this browser holds of it, in a header (never in
// the URL).
function secretHeaders() {
  const secret = inviteCode() || hostToken() || (savedSeat(gameId) || {}).token;
  return secret ? { "X-Openmonopoly-Secret": secret } : {};
}

async function startReplay() {
  const first = await api(`/api/games/${gameId}/replay?start=0&count=500`, undefined, secretHeaders());
  let frames = first.frames;
  while (frames.length < first.steps + 1) {
    const more = await api(`/api/games/${gameId}/replay?start=${frames.length}&count=500`, undefined, secretHeaders());
    if (!more.frames.length) break; frames = frames.concat(more.frames);
  }
  names = first.names; seat = null;
  info = { seats: names.map((n, i) => ({ seat: i, name: n, kind: "replay", bot: (first.kinds || [])[i] !== "human" })) };
  let step = 0, timer = null;
  const range = el("input", { type: "range", min: 0, max: first.steps, value: 0, id: "replay-step", "aria-label": "step" });
  const label = el("span", { id: "replay-label" });
  const show = (k) => {
    step = Math.max(0, Math.min(first.steps, k)); range.value = step;
    view = frames[step].view; label.textContent = `step ${step} / ${first.steps}`;
    $("log").innerHTML = "";
    logEvents(frames.slice(Math.max(0, step - 60), step + 1).flatMap((f) => f.events));
    $("chat").innerHTML = ""; showChat((first.chat || []).filter((c) => c.version <= step));
    $("chat-panel").style.display = first.chat && first.chat.length ? "" : "none";
    render();
  };
  range.addEventListener("input", () => show(Number(range.value)));
  const stop = () => { clearInterval(timer); timer = null; play.textContent = "▶ Play"; };
  const play = el("button", { id: "replay-play", onclick: () => { if (timer) stop(); else { timer = setInterval(() => step < first.steps ? show(step + 1) : stop(), 400); play.textContent = "❚❚ Pause"; } } }, "▶ Play");
  $("seat-panel").style.display = "";
  $("seat-panel").querySelector("h2").textContent = "Replay";
  // (plain triangles and bars: the "skip" pictographs are missing from common fonts and showed as boxes)
  $("seatlist").replaceWith(el("div", { class: "replaybar" },
    el("div", { class: "buttons" }, el("button", { id: "replay-first", title: "First step", "aria-label": "first step", onclick: () => show(0) }, "|◀"),
      el("button", { id: "replay-back", title: "Back one step", "aria-label": "back", onclick: () => show(step - 1) }, "◀"), play,
      el("button", { id: "replay-next", title: "Forward one step", "aria-label": "forward", onclick: () => show(step + 1) }, "▶"),
      el("button", { id: "replay-last", title: "Last step", "aria-label": "last step", onclick: () => show(first.steps) }, "▶|")),
    range, label));
  show(0);
  document.body.dataset.ready = "1";
}

// An imported game says so to everyone: it goes on from a record, and the server dealt anew what nobody had seen.
function showContinued() {
  if (!info || info.continued_from_record == null || $("continued")) return;
  $("title").after(el("span", { class: "continued", id: "continued", title: "The server dealt every card nobody had seen anew, from its own dice." },
    `continued from a record (${info.continued_from_record} actions)`));
}

async function main() {
  if (!replayMode) takeFragment();
  const g = replayMode ? null : await api(`/api/games/${gameId}`, undefined, secretHeaders());
  const edId = g ? g.edition : (await api(`/api/games/${gameId}/replay?start=0&count=1`, undefined, secretHeaders())).edition;
  ed = await api(`/api/editions/${edId}`);
  $("title").textContent = ed.name + (replayMode ? " — replay" : "");
  document.title = `openmonopoly — ${ed.name}`;
  board = new Board($("board"), ed, { onSpace: (p) => view && openDeed(p) });
  if (!replayMode) { setupCues(); watchPrompt(); }
  if (replayMode) await startReplay(); else { info = g; showContinued(); timerMin = g.turn_timer_min ?? timerMin; names = g.seats.map((s) => s.name || ""); connect(); }
}
main().catch((e) => { $("prompt").textContent = e.message; toast(e.message); });

import { api, el, money, PLAYER_COLOURS, savedSeat, saveSeat, toast } from "/static/common.js";
import { Board, groupColour } from "/static/board.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean);
const replayMode = parts[0] === "replay";
const gameId = parts[1];
const ANYTIME = new Set(["build", "sell", "sell-all", "mortgage", "unmortgage", "trade"]);
let ed = null, board = null, info = null, view = null, version = 0, seat = null, token = null, ws = null, retry = 0;
let names = [];
window.om = { state: () => ({ view, version, seat, info }) };   // for tests and the curious

function spaceName(p) { return ed.spaces[p] ? ed.spaces[p].name : `space ${p}`; }
const m = (n) => money(ed, n);

// ------------------------------------------------------------------ labels for actions
function label(text, prompt) {
  const [kind, argS] = text.split(" "); const arg = Number(argS);
  const d = (prompt && prompt.details) || {};
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
  switch (p.kind) {
    case "turn": return mine ? (d.in_jail ? "You are in jail" : "Your turn") : `${who}'s turn`;
    case "buy": return `${you}: buy ${spaceName(d.pos)}?`;
    case "auction": return `Auction: ${d.lot >= 0 ? spaceName(d.lot) : "a building"}`;
    case "debt": return `${you} must raise ${d.amount !== undefined ? m(d.amount) : "money"}`;
    case "trade": return mine ? "A trade is offered to you" : `${who} considers a trade`;
  }
  return `${you}: ${p.kind.replace(/-/g, " ")}`;
}

function offerText(o) {
  const side = (xs) => (xs || []).map(spaceName).join(", ");
  const bits = [];
  if (o.give?.length) bits.push(`${names[o.proposer]} gives ${side(o.give)}`);
  if (o.take?.length) bits.push(`${names[o.proposer]} asks for ${side(o.take)}`);
  if (o.cash > 0) bits.push(`${names[o.proposer]} pays ${m(o.cash)}`);
  if (o.cash < 0) bits.push(`${names[o.target]} pays ${m(-o.cash)}`);
  return bits.join("; ") || "nothing";
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
  renderPlayers(); renderPrompt();
}

function legalList() { return (view && view.legal) || []; }

function renderPrompt() {
  const box = $("prompt"); box.innerHTML = "";
  const p = view.prompt;
  if (view.over || !p) {
    const winners = (view.winners || []).map((w) => names[w]).join(" & ");
    box.append(el("div", { class: "title" }, winners ? `Game over — ${winners} wins!` : "Game over"));
    if (!replayMode) box.append(el("div", { class: "buttons" }, el("a", { class: "btn", href: `/replay/${gameId}` }, "Replay this game"), el("a", { class: "btn", href: "/" }, "Lobby")));
    return;
  }
  box.append(el("div", { class: "title", id: "prompt-title" }, promptTitle(p)));
  const d = p.details || {};
  if (p.kind === "buy" && ed.spaces[d.pos]) box.append(el("div", { class: "detail" }, `${spaceName(d.pos)} — ${m(d.price ?? ed.spaces[d.pos].price)}`));
  if (p.kind === "auction") box.append(el("div", { class: "detail", id: "auction-state" },
    d.high_bidder >= 0 && d.high ? `High bid ${m(d.high)} by ${names[d.high_bidder]}` : `Opening bid ${m(d.minimum ?? d.opening ?? 1)}`,
    d.bidders ? ` · bidding: ${d.bidders.map((b) => names[b]).join(", ")}` : ""));
  if (p.kind === "trade" && d.offer) box.append(el("div", { class: "detail" }, offerText(d.offer)));
  if (replayMode) return;
  if (seat === null) { box.append(el("div", { class: "detail" }, "You are watching.")); return; }
  const legal = legalList();
  const answers = legal.filter((a) => !ANYTIME.has(a.split(" ")[0]) && !a.startsWith("bid "));
  const bid = legal.find((a) => a.startsWith("bid "));
  if (p.player === seat) {
    if (bid) {
      const [lo, hi] = bid.slice(4).split("..").map(Number);
      const input = el("input", { type: "number", id: "bid-amount", min: lo, max: hi, value: lo });
      const inc = (k) => el("button", { type: "button", onclick: () => (input.value = Math.min(hi, Math.max(lo, Number(input.value) + k))) }, `+${k}`);
      box.append(el("div", { class: "bidbox" }, input, inc(10), inc(50),
        el("button", { class: "primary", id: "bid-button", onclick: () => send(`bid ${Math.floor(Number(input.value))}`) }, "Bid"),
        el("span", { class: "empty" }, `${m(lo)}–${m(hi)}`)));
    }
    box.append(el("div", { class: "buttons" }, answers.map((a) => el("button", { class: a === "roll" || a === "buy" || a === "pay" ? "primary" : a === "bankrupt" ? "danger" : "", "data-action": a, onclick: () => send(a) }, label(a, p)))));
  } else {
    box.append(el("div", { class: "detail" }, info.seats[p.player]?.kind !== "human" ? `${names[p.player]} (bot) is thinking…` : `Waiting for ${names[p.player]}…`));
  }
  const tools = el("div", { class: "tools" });
  if (legal.some((a) => ["build", "sell", "sell-all", "mortgage", "unmortgage"].includes(a.split(" ")[0])))
    tools.append(el("button", { id: "manage", onclick: openManage }, "Build / mortgage…"));
  if (legal.some((a) => a.startsWith("trade"))) tools.append(el("button", { id: "trade", onclick: openTrade }, "Propose trade…"));
  box.append(tools);
}

function holdingsOf(s) {
  const out = [];
  (view.owner || []).forEach((o, p) => { if (o === s) out.push(p); });
  return out;
}

function renderPlayers() {
  const box = $("players"); box.innerHTML = "";
  (view.players || []).forEach((pl, s) => {
    const turn = view.prompt && view.prompt.player === s;
    const kind = info.seats[s]?.kind;
    const chips = holdingsOf(s).map((p) => {
      const sp = ed.spaces[p], lvl = view.level ? view.level[p] : 0;
      return el("span", { class: "chip" + (view.mortgaged && view.mortgaged[p] ? " mort" : ""), title: sp.name, onclick: () => openDeed(p) },
        el("span", { class: "bar", style: `background:${groupColour(sp.color) || "#999"}` }), lvl ? el("span", { class: "lvl" }, lvl > (ed.houses_per_hotel || 4) ? "H" : lvl) : null);
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
    if (s === seat && Array.isArray(view.hand) && view.hand.length) extra.push(`your hand: ${view.hand.join(", ")}`);
    if (pl.net_worth !== undefined) extra.push(`worth ${m(pl.net_worth)}`);
    box.append(el("div", { class: "player" + (turn ? " turn" : "") + (pl.alive === false ? " out" : ""), style: `border-left-color:${PLAYER_COLOURS[s % 6]}`, "data-seat": s },
      el("div", { class: "name" }, el("span", {}, pl.name || names[s], s === seat ? " (you)" : ""), el("span", { class: "pill " + (kind === "human" ? "" : "bot") }, kind === "human" ? "human" : `bot: ${kind}`)),
      el("div", { class: "cash", "data-cash": pl.cash }, m(pl.cash)),
      el("div", { class: "meta" }, pl.alive === false ? "bankrupt" : extra.join(" · ")),
      el("div", { class: "holdings" }, chips)));
  });
}

function logEvents(events) {
  const box = $("log");
  for (const e of events) {
    const cls = e.kind === "turn" ? "turn" : e.kind === "game-over" ? "over" : ["bankrupt", "jail", "debt"].includes(e.kind) ? "bad" : "";
    box.append(el("div", { class: cls }, e.text));
  }
  while (box.children.length > 500) box.firstChild.remove();
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

function openManage() {
  const acts = legalList().filter((a) => ANYTIME.has(a.split(" ")[0]) && !a.startsWith("trade"));
  const byPos = new Map();
  for (const a of acts) { const p = Number(a.split(" ")[1]); if (!byPos.has(p)) byPos.set(p, []); byPos.get(p).push(a); }
  const rows = [...byPos.keys()].sort((a, b) => a - b).map((p) => el("tr", {},
    el("td", {}, el("span", { class: "chip", style: "display:inline-block;vertical-align:middle;margin-right:6px" }, el("span", { class: "bar", style: `background:${groupColour(ed.spaces[p].color) || "#999"}` })), spaceName(p)),
    el("td", {}, view.level ? (view.level[p] ? `${view.level[p]}` : "") : ""),
    el("td", {}, byPos.get(p).map((a) => el("button", { "data-action": a, onclick: () => send(a) }, a.split(" ")[0])))));
  dialog(`Build, sell and mortgage (${ed.terms.houses || "houses"} / ${ed.terms.hotels || "hotels"})`,
    el("div", { class: "manage" }, rows.length ? el("table", {}, rows) : el("div", { class: "empty" }, "Nothing to do right now.")));
}

function openTrade() {
  const partners = (view.players || []).map((_, s) => s).filter((s) => s !== seat && view.players[s].alive !== false);
  const target = el("select", {}, partners.map((s) => el("option", { value: s }, names[s])));
  const give = el("div"), take = el("div");
  const cash = el("input", { type: "number", value: 0, style: "width:100px" });
  const fill = () => {
    give.innerHTML = ""; take.innerHTML = "";
    for (const p of holdingsOf(seat)) give.append(el("label", {}, el("input", { type: "checkbox", value: p }), " ", spaceName(p)));
    for (const p of holdingsOf(Number(target.value))) take.append(el("label", {}, el("input", { type: "checkbox", value: p }), " ", spaceName(p)));
  };
  target.addEventListener("change", fill); fill();
  const go = () => {
    const pick = (box) => [...box.querySelectorAll("input:checked")].map((i) => Number(i.value));
    send({ kind: "trade", offer: { proposer: seat, target: Number(target.value), give: pick(give), take: pick(take), cash: Math.floor(Number(cash.value) || 0), give_cards: [], take_cards: [] } });
    $("dlg").close();
  };
  dialog("Propose a trade", el("div", { class: "field" }, el("label", {}, "With"), target),
    el("div", { class: "trade-cols" }, el("div", {}, el("b", {}, "You give"), give), el("div", {}, el("b", {}, "You ask for"), take)),
    el("div", { class: "field" }, el("label", {}, "Cash you pay (negative: you ask for cash)"), cash),
    el("button", { class: "primary", onclick: go }, "Offer"));
}

function renderSeats() {
  const panel = $("seat-panel");
  $("invite").value = `${location.origin}/game/${gameId}`;
  const free = info.seats.filter((s) => s.kind === "human" && !s.claimed);
  panel.style.display = replayMode ? "none" : "";
  const list = $("seatlist"); list.innerHTML = "";
  if (seat === null && free.length) {
    list.append(el("div", { class: "detail" }, "Take a free seat:"));
    for (const s of free) list.append(el("button", { class: "go", onclick: () => takeSeat(s.seat) }, `Play ${s.name}`));
  } else if (seat === null) list.append(el("div", { class: "empty" }, "You are watching; every seat is taken."));
  else list.append(el("div", { class: "empty" }, free.length ? `Waiting for ${free.length} more player(s) — share the link:` : "Invite others to watch:"));
}

async function takeSeat(s) {
  try { const j = await api(`/api/games/${gameId}/join`, { seat: s }); saveSeat(gameId, j.seat, j.token); seat = j.seat; token = j.token; ws && ws.close(); }
  catch (e) { toast(e.message); }
}

// ------------------------------------------------------------------ connection
function connect() {
  const saved = savedSeat(gameId);
  seat = saved ? saved.seat : null; token = saved ? saved.token : null;
  ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${gameId}`);
  ws.onopen = () => { retry = 0; $("conn").textContent = "connected"; ws.send(JSON.stringify({ type: "hello", seat, token })); };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "sync") {
      info = msg.game; seat = msg.seat; version = msg.version; view = msg.view; names = info.seats.map((s) => s.name);
      $("log").innerHTML = ""; logEvents(msg.log); renderSeats(); render();
      document.body.dataset.version = version; document.body.dataset.ready = "1";
    } else if (msg.type === "update") {
      version = msg.version; view = msg.view; logEvents(msg.events); render();
      document.body.dataset.version = version;
      if ($("dlg").open && $("dlg-body").querySelector(".manage")) openManage();
    } else if (msg.type === "seats") {
      info = msg.game; names = info.seats.map((s) => s.name); renderSeats(); render();
    } else if (msg.type === "error") {
      toast(msg.message);
      if (msg.code === "wrong-token") localStorage.removeItem("om-seat-" + gameId);
    }
  };
  ws.onclose = () => { $("conn").textContent = "reconnecting…"; setTimeout(connect, Math.min(5000, 300 * 2 ** retry++)); };
}

// ------------------------------------------------------------------ replay
async function startReplay() {
  const first = await api(`/api/games/${gameId}/replay?start=0&count=500`);
  let frames = first.frames;
  while (frames.length < first.steps + 1) {
    const more = await api(`/api/games/${gameId}/replay?start=${frames.length}&count=500`);
    if (!more.frames.length) break; frames = frames.concat(more.frames);
  }
  names = first.names; seat = null;
  info = { seats: names.map((n, i) => ({ seat: i, name: n, kind: "replay" })) };
  let step = 0, timer = null;
  const range = el("input", { type: "range", min: 0, max: first.steps, value: 0, id: "replay-step" });
  const label = el("span", { id: "replay-label" });
  const show = (k) => {
    step = Math.max(0, Math.min(first.steps, k)); range.value = step;
    view = frames[step].view; label.textContent = `step ${step} / ${first.steps}`;
    $("log").innerHTML = "";
    logEvents(frames.slice(Math.max(0, step - 60), step + 1).flatMap((f) => f.events));
    render();
  };
  range.addEventListener("input", () => show(Number(range.value)));
  const play = el("button", { id: "replay-play", onclick: () => { if (timer) { clearInterval(timer); timer = null; play.textContent = "▶ Play"; } else { timer = setInterval(() => step < first.steps ? show(step + 1) : clearInterval(timer), 400); play.textContent = "❚❚ Pause"; } } }, "▶ Play");
  $("seat-panel").style.display = "";
  $("seat-panel").querySelector("h2").textContent = "Replay";
  $("seatlist").replaceWith(el("div", { class: "replaybar" }, el("button", { onclick: () => show(0) }, "⏮"), el("button", { id: "replay-back", onclick: () => show(step - 1) }, "◀"),
    play, el("button", { id: "replay-next", onclick: () => show(step + 1) }, "▶"), el("button", { onclick: () => show(first.steps) }, "⏭"), range, label));
  $("invite").parentElement.style.display = "none";
  show(0);
  document.body.dataset.ready = "1";
}

async function main() {
  const g = replayMode ? null : await api(`/api/games/${gameId}`);
  const edId = g ? g.edition : (await api(`/api/games/${gameId}/replay?start=0&count=1`)).edition;
  ed = await api(`/api/editions/${edId}`);
  $("title").textContent = ed.name + (replayMode ? " — replay" : "");
  document.title = `openmonopoly — ${ed.name}`;
  board = new Board($("board"), ed, { onSpace: (p) => view && openDeed(p) });
  $("copy").addEventListener("click", () => { $("invite").select(); navigator.clipboard?.writeText($("invite").value); });
  if (replayMode) await startReplay(); else { info = g; names = g.seats.map((s) => s.name); connect(); }
}
main().catch((e) => { $("prompt").textContent = e.message; toast(e.message); });

import { api, el, optionLabel, PLAYER_COLOURS, saveSecret, saveSeat, savedSecret, savedSeat, seatsPerGuestChoices, timerChoices, toast } from "/static/common.js";

let editions = [], seatKinds = [], current = null, seats = [], seatsPerGuest = "1";
const $ = (id) => document.getElementById(id);

async function init() {
  const data = await api("/api/editions");
  editions = data.editions; seatKinds = data.seat_kinds;
  // The timer menu starts at the server's shortest timer (a shorter one would be refused).
  $("turn-timer").replaceChildren(...timerChoices(data.turn_timer.min).map(([v, t]) => el("option", { value: v }, t)));
  for (const e of editions) $("edition").append(el("option", { value: e.id }, e.name));
  $("edition").value = editions.find((e) => e.id === "classic") ? "classic" : editions[0].id;
  $("edition").addEventListener("change", pickEdition);
  $("add-seat").addEventListener("click", () => { if (seats.length < current.players.max) { seats.push({ kind: "heuristic", name: "" }); drawSeats(); } });
  $("create-game").addEventListener("click", create);
  // The spectators' channel only means something when spectators may watch.
  $("spectators").addEventListener("change", () => { $("spectator-chat").disabled = !$("spectators").checked; if ($("spectator-chat").disabled) $("spectator-chat").checked = false; });
  pickEdition();
  refresh(); setInterval(refresh, 3000); mine();
}

function pickEdition() {
  current = editions.find((e) => e.id === $("edition").value);
  const n = Math.max(current.players.min, Math.min(4, current.players.max));
  seats = Array.from({ length: n }, (_, i) => ({ kind: i === 0 ? "human" : "heuristic", name: "" }));
  drawSeats();
  // The rulebook's options, then the house rules in their own section (with the presets' menu).
  const box = $("options"), house = $("house-rules"); box.innerHTML = ""; house.innerHTML = "";
  for (const o of current.options) {
    const id = "opt-" + o.name;
    let input;
    if (o.type === "bool") input = el("input", { type: "checkbox", id, "data-opt": o.name, checked: !!o.default });
    else input = el("input", { type: "number", id, "data-opt": o.name, min: 0, placeholder: o.default == null ? "off" : String(o.default), style: "width:80px" });
    const help = o.house_rule ? o.help.replace(/^House rule: /, "") : o.help;
    (o.house_rule ? house : box).append(el("label", { title: help, for: id }, input, optionLabel(o.name), el("span", { class: "empty" }, " — " + help)));
  }
  const presets = current.house_rule_presets || {};
  $("house-rules-field").hidden = !current.options.some((o) => o.house_rule);
  $("house-preset").replaceChildren(el("option", { value: "" }, "by the book"),
    ...Object.keys(presets).map((name) => el("option", { value: name }, optionLabel(name))));
  $("house-preset").onchange = () => applyPreset(presets[$("house-preset").value] || {});
  $("house-preset-note").textContent = "";
}

// A preset sets every house rule: those it names on (or to its number), the others off; the note under the
// menu says which it plays (each rule's explanation is beside its box below).
function applyPreset(values) {
  const rules = Object.entries(values).map(([k, v]) => optionLabel(k) + (v === true ? "" : ` (${v})`));
  $("house-preset-note").textContent = rules.length
    ? `${optionLabel($("house-preset").value)} plays: ${rules.join(", ")}; the other house rules are off. Each is explained below.`
    : "";
  for (const o of current.options) {
    if (!o.house_rule) continue;
    const inp = $("opt-" + o.name), v = values[o.name];
    if (inp.type === "checkbox") inp.checked = v === true;
    else inp.value = v === undefined || v === true || v === false ? "" : String(v);
  }
}

function drawSeats() {
  $("seat-range").textContent = `(${current.players.min}–${current.players.max})`;
  const box = $("seats"); box.innerHTML = "";
  seats.forEach((s, i) => {
    const kind = el("select", { "data-seat": i, class: "seat-kind", onchange: (e) => (s.kind = e.target.value) },
      ...seatGroups(s.kind));
    const name = el("input", { class: "seat-name", "aria-label": `name of seat ${i + 1}`, maxlength: 40, placeholder: current.tokens?.[i] || `Player ${i + 1}`, value: s.name, oninput: (e) => (s.name = e.target.value) });
    const rm = el("button", { type: "button", title: "remove seat", disabled: seats.length <= current.players.min, onclick: () => { seats.splice(i, 1); drawSeats(); } }, "×");
    box.append(el("div", { class: "seat-row" }, el("span", { class: "dot", style: `background:${PLAYER_COLOURS[i]}` }), kind, name, rm));
  });
  $("add-seat").disabled = seats.length >= current.players.max;
  // A guest may take up to every seat but one (the host's); the choice made stays while it still fits.
  const perGuest = $("seats-per-guest"), choices = seatsPerGuestChoices(seats.length - 1);
  perGuest.replaceChildren(...choices.map(([v, t]) => el("option", { value: v }, t)));
  perGuest.value = choices.some(([v]) => v === seatsPerGuest) ? seatsPerGuest : "1";
  perGuest.onchange = () => { seatsPerGuest = perGuest.value; };
}

async function create() {
  const options = {};
  for (const inp of document.querySelectorAll("[data-opt]")) {
    if (inp.type === "checkbox") { if (inp.checked) options[inp.dataset.opt] = true; }
    else if (inp.value !== "") options[inp.dataset.opt] = Number(inp.value);
  }
  try {
    const timer = $("turn-timer").value;
    const game = await api("/api/games", { edition: current.id, seats: seats.map((s) => ({ kind: s.kind, name: s.name || null })), options,
      public: $("public").checked, spectators: $("spectators").checked, spectator_chat: $("spectator-chat").checked,
      seats_per_guest: $("seats-per-guest").value ? Number($("seats-per-guest").value) : null, turn_timer: timer ? Number(timer) : null });
    // The creator is the host: the host token and the invite code stay in this browser (and in links' fragments).
    saveSecret(game.id, "host", game.host_token); saveSecret(game.id, "invite", game.invite);
    const first = seats.findIndex((s) => s.kind === "human");
    if (first >= 0) {
      const j = await api(`/api/games/${game.id}/join`, { seat: first, invite: game.invite, host: game.host_token, name: seats[first].name || null });
      saveSeat(game.id, j.seat, j.token);
    }
    location.href = `/game/${game.id}`;
  } catch (e) { toast(e.message); }
}

async function join(gid, seat) {
  const name = (localStorage.getItem("om-name") || "").trim() || null;
  const mine = savedSeat(gid);   // (a guest takes at most the game's seats per guest: the server counts this browser's)
  try {
    const j = await api(`/api/games/${gid}/join`, { seat, name, held: mine ? [mine.token] : [], host: savedSecret(gid, "host") || null });
    saveSeat(gid, j.seat, j.token); location.href = `/game/${gid}`;
  }
  catch (e) { toast(e.message); }
}

function table(rows, kind) {
  if (!rows.length) return el("div", { class: "empty" }, "none");
  const ed = (id) => (editions.find((e) => e.id === id) || { name: id }).name;
  return el("table", {}, el("tr", {}, el("th", {}, "Edition"), el("th", {}, "Seats"), el("th", {}, "Moves"), el("th", {}, "")),
    ...rows.map((g) => {
      const mine = savedSeat(g.id);
      const seatsCell = g.names.map((n, i) => el("span", { class: "pill " + (g.kinds[i] !== "human" ? "bot" : g.claimed[i] ? "" : "free") },
        g.kinds[i] !== "human" ? `${n} (bot)` : g.claimed[i] ? n : `${n}: free`));
      const act = [];
      if (mine && kind !== "over") act.push(el("button", { class: "go", onclick: () => (location.href = `/game/${g.id}`) }, "Resume"));
      if (kind === "open") g.kinds.forEach((k, i) => { if (k === "human" && !g.claimed[i]) act.push(el("button", { onclick: () => join(g.id, i) }, `Play as ${g.names[i]}`)); });
      if (kind !== "over") act.push(el("a", { href: `/game/${g.id}` }, "Watch"));
      else act.push(el("a", { href: `/replay/${g.id}` }, "Replay"));
      return el("tr", {}, el("td", {}, ed(g.edition)), el("td", {}, seatsCell), el("td", {}, g.version), el("td", {}, act));
    }));
}

async function refresh() {
  try {
    const g = await api("/api/games");
    for (const k of ["open", "running", "over"]) { const box = $(k); box.innerHTML = ""; box.append(table((g[k] || []).slice(0, 30), k)); }
  } catch (e) { /* server restarting: try again */ }
}

// The games this browser has a seat in or hosts (private ones are in no public list).
async function mine() {
  const ids = new Set();
  for (let i = 0; i < localStorage.length; i++) {
    const m = /^om-(seat|host)-(.+)$/.exec(localStorage.key(i)); if (m) ids.add(m[2]);
  }
  const rows = [];
  for (const id of [...ids].slice(-12)) {
    try {
      // (a private game shows its players only to someone holding one of its secrets)
      const secret = (savedSeat(id) || {}).token || savedSecret(id, "host");
      const g = await api(`/api/games/${id}`, undefined, secret ? { "X-Openmonopoly-Secret": secret } : {});
      const ed = (editions.find((e) => e.id === g.edition) || { name: g.edition_name }).name;
      rows.push(el("tr", {}, el("td", {}, ed), el("td", {}, g.seats.map((s) => el("span", { class: "pill" }, s.name))), el("td", {}, g.version),
        el("td", {}, g.status === "over" ? el("a", { href: `/replay/${id}` }, "Replay") : el("button", { class: "go", onclick: () => (location.href = `/game/${id}`) }, "Resume"))));
    } catch { /* a game this server no longer has */ }
  }
  $("mine-section").style.display = rows.length ? "" : "none";
  $("mine").replaceChildren(el("table", {}, rows));
}

init().catch((e) => toast(e.message));

// The seat picker: a person, the opponents by level (what people choose), and the bots by how they work
// (for testing and comparing), apart rather than mixed.
const LEVEL_KINDS = ["easy", "normal", "hard", "expert"];
function seatGroups(current) {
  const opt = (k, text) => el("option", { value: k, selected: k === current }, text);
  const levels = seatKinds.filter((k) => LEVEL_KINDS.includes(k)), algos = seatKinds.filter((k) => k !== "human" && !LEVEL_KINDS.includes(k));
  return [opt("human", "Human"),
    el("optgroup", { label: "Opponent, by level" }, levels.map((k) => opt(k, k[0].toUpperCase() + k.slice(1)))),
    el("optgroup", { label: "Bot, by algorithm" }, algos.map((k) => opt(k, "Bot: " + k)))];
}

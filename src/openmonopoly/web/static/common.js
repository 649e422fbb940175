// Shared helpers: API calls, money in the edition's format, seat tokens kept by the browser.
export const PLAYER_COLOURS = ["#e53935", "#1e88e5", "#43a047", "#fdd835", "#8e24aa", "#fb8c00"];

export async function api(path, body, headers = {}) {
  const opts = body === undefined ? { headers } : { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) };
  const res = await fetch(path, opts);
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.detail ? (typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail)) : res.statusText);
  return data;
}

export function money(edition, n) {
  const fmt = (edition && edition.money_format) || "${}";
  // Nothing is nothing in any unit: Empire's "$0K" reads as "$0".
  if (!n) return fmt.replace(/\{\}[A-Za-z]*$/, "0").replace("{}", "0");
  const s = Math.abs(n).toLocaleString("en-US");
  return (n < 0 ? "-" : "") + fmt.replace("{}", s);
}

// What a browser keeps per game: its seat (and the seat's token), the host's token, the invite code. They
// arrive in a link's fragment (after '#', which browsers never send to a server) and live in localStorage.
export function seatKey(gameId) { return "om-seat-" + gameId; }
export function savedSeat(gameId) {
  try { return JSON.parse(localStorage.getItem(seatKey(gameId)) || "null"); } catch { return null; }
}
export function saveSeat(gameId, seat, token) { localStorage.setItem(seatKey(gameId), JSON.stringify({ seat, token })); }
export function forgetSeat(gameId) { localStorage.removeItem(seatKey(gameId)); }
export function savedSecret(gameId, what) { return localStorage.getItem(`om-${what}-${gameId}`); }
export function saveSecret(gameId, what, value) { if (value) localStorage.setItem(`om-${what}-${gameId}`, value); }
export function forgetSecret(gameId, what) { localStorage.removeItem(`om-${what}-${gameId}`); }

// Links, three that must not be confused: the invite link (for the group: join a private game), a seat link
// (one player's seat on another device) and the host link (the host's controls on another device). A seat
// link never carries the host's token.
export function seatLink(gameId, seat, token) {
  return `${location.origin}/game/${gameId}#seat=${seat}&token=${encodeURIComponent(token)}`;
}
export function inviteLink(gameId, invite) { return `${location.origin}/game/${gameId}#invite=${encodeURIComponent(invite)}`; }
export function hostLink(gameId, host) { return `${location.origin}/game/${gameId}#host=${encodeURIComponent(host)}`; }

// The turn timer's menu: "off", then lengths from the server's least (GET /api/editions or a game's
// turn_timer_min) up; a length set otherwise (the API) is shown too.
export function timerChoices(min, current) {
  const label = (s) => (s < 60 || s % 60 ? `${s} s` : `${s / 60} min`);
  const lengths = [...new Set([min, 30, 60, 120, 300].filter((s) => s >= min))];
  if (current && !lengths.includes(current)) lengths.push(current);
  return [["", "off"], ...lengths.sort((a, b) => a - b).map((s) => [String(s), label(s)])];
}

// An option's name as words ("rent-must-be-claimed" -> "Rent must be claimed").
// How many seats one guest may take (one browser; in a public game also one network address): 1 up to
// `most`, then any number (the value "").
export function seatsPerGuestChoices(most) {
  return [...Array(Math.max(1, most)).keys()].map((i) => [String(i + 1), i === 0 ? "1 seat" : `${i + 1} seats`]).concat([["", "Any number"]]);
}
export function optionLabel(name) { const w = name.replace(/[-_]+/g, " "); return w[0].toUpperCase() + w.slice(1); }

// Token labels that tell players apart: one letter where the first letters differ, else the initials of
// the words ("Bo-Katan" BK, "Boba Fett" BF), else the first two letters, else the letter and the seat.
export function tokenLabels(names) {
  const first = (n) => (n.match(/[\p{L}\p{N}]/u) || ["?"])[0].toUpperCase();
  const initials = (n) => { const w = n.split(/[\s\-_.]+/).filter(Boolean); return w.length > 1 ? (first(w[0]) + first(w[1])) : null; };
  const two = (n) => { const l = n.match(/[\p{L}\p{N}]/gu) || ["?"]; return l[0].toUpperCase() + (l[1] || "").toLowerCase(); };
  const firsts = names.map(first), labels = [...firsts];
  names.forEach((n, i) => {
    if (firsts.filter((l) => l === firsts[i]).length < 2) return;
    for (const pick of [initials, two, (m) => first(m) + (i + 1)]) {
      const c = pick(n); if (!c) continue;
      if (!names.some((o, j) => j !== i && [first(o), initials(o), two(o)].includes(c))) { labels[i] = c; return; }
    }
    labels[i] = first(n) + (i + 1);
  });
  return labels;
}

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "style") e.style.cssText = v;
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}

export function toast(msg) {
  let t = document.querySelector(".toast");
  if (!t) { t = el("div", { class: "toast" }); document.body.append(t); }
  t.textContent = msg; t.style.display = "block";
  clearTimeout(t._timer); t._timer = setTimeout(() => (t.style.display = "none"), 4500);
}

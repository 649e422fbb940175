// Shared helpers: API calls, money in the edition's format, seat tokens kept by the browser.
export const PLAYER_COLOURS = ["#e53935", "#1e88e5", "#43a047", "#fdd835", "#8e24aa", "#fb8c00"];

export async function api(path, body) {
  const opts = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const res = await fetch(path, opts);
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.detail ? (typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail)) : res.statusText);
  return data;
}

export function money(edition, n) {
  const fmt = (edition && edition.money_format) || "${}";
  const s = Math.abs(n).toLocaleString("en-US");
  return (n < 0 ? "-" : "") + fmt.replace("{}", s);
}

export function seatKey(gameId) { return "om-seat-" + gameId; }
export function savedSeat(gameId) {
  try { return JSON.parse(localStorage.getItem(seatKey(gameId)) || "null"); } catch { return null; }
}
export function saveSeat(gameId, seat, token) { localStorage.setItem(seatKey(gameId), JSON.stringify({ seat, token })); }

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

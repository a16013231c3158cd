// make try's additions to simcord's page (bot/app/offline_page/__init__.py says why):
// #payday and its threads listed above the conversation, a thread opened from its summary under the
// message that started it, and a tab that finds its page again after `make try` restarts.
const capability = location.hash.slice(1);
const EVERY_MS = 1000;
const remembered = { viewer: "offline-viewer", channel: "offline-channel" };

const nav = document.createElement("nav");
nav.id = "offline-channels";
nav.setAttribute("aria-label", "Channels");
const notice = document.createElement("p");
notice.id = "offline-notice";
notice.setAttribute("role", "status");
notice.hidden = true;

function status() { return window.simcordPreview || null; }

async function send(kind, extra = {}) {
  const context = status()?.contextId;
  if (!context) return null;
  const response = await fetch("/api/action", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Simcord-Capability": capability, "X-Simcord-Context": context },
    body: JSON.stringify({ kind, ...extra }),
  });
  return response;
}

function render(listing) {
  const items = listing.channels.map((channel) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = channel.thread ? "offline-channel is-thread" : "offline-channel";
    button.dataset.channelId = channel.id;
    button.textContent = `${channel.thread ? "🧵" : "#"} ${channel.name}`;
    if (channel.shown) button.setAttribute("aria-current", "page");
    button.addEventListener("click", () => open(channel.id));
    return button;
  });
  nav.replaceChildren(...items);
  nav.hidden = listing.channels.length < 2;
  const shown = listing.channels.find((channel) => channel.shown);
  if (shown) sessionStorage.setItem(remembered.channel, shown.id);
}

async function open(channelId) {
  const response = await send("offline_open_channel", { channel_id: channelId });
  if (response?.ok) render(await response.json());
}

let down = false;
let asked = -1;
async function poll() {
  // The revision of the page this listing goes with, for tools that wait for it (tools/trypage.py).
  const revision = status()?.publishedRevision ?? -1;
  asked = revision;
  try {
    const response = await send("offline_channels");
    if (response === null) return;
    if (down) {
      // make try answers again after a restart: the same address opens the page anew.
      notice.textContent = "Reconnecting…";
      location.reload();
      return;
    }
    if (!response.ok) return; // make try is closing: the next poll finds it gone
    render(await response.json());
    nav.dataset.revision = String(revision);
    const viewer = status()?.viewerId;
    if (viewer) sessionStorage.setItem(remembered.viewer, viewer);
  } catch (_) {
    down = true;
    notice.textContent = "make try has stopped: start it again (make try) and this page reconnects.";
    notice.hidden = false;
  }
}

// After a reload, the member and the channel the tab showed before it.
async function restore() {
  const viewer = sessionStorage.getItem(remembered.viewer);
  const picker = document.getElementById("viewer-picker");
  if (viewer && status()?.viewerId !== viewer && picker?.querySelector(`option[value="${viewer}"]`)) {
    picker.value = viewer;
    picker.dispatchEvent(new Event("change"));
  }
  const channel = sessionStorage.getItem(remembered.channel);
  if (channel) await open(channel);
}

// A thread's summary under the message that started it opens the thread (its id is the message's).
document.addEventListener("click", (event) => {
  const summary = event.target instanceof Element ? event.target.closest(".thread-summary") : null;
  const message = summary?.closest("[data-message-id]");
  if (message) void open(message.dataset.messageId);
});

function start() {
  const layout = document.getElementById("channel-layout");
  const header = layout?.querySelector(".channel-header");
  if (!header || !status()?.ready) { setTimeout(start, 100); return; }
  header.after(nav, notice);
  void restore().finally(() => {
    void poll();
    setInterval(poll, EVERY_MS);
    // and at once whenever the page shows something new (a thread may have been opened)
    setInterval(() => { if ((status()?.publishedRevision ?? -1) > asked && !down) void poll(); }, 100);
  });
}
start();

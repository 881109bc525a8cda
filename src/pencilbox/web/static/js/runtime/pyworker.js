// One Web Worker of the static site: Pyodide with pencilbox, answering the
// page's calls through pencilbox.web.inpage (the same endpoints as the
// server's). Messages in: {type: "init", pyodide, wheels}, then
// {type: "call", method, target, body}. Out: "progress" while loading (with
// `python: true` once Pyodide runs),
// "ready" or "failed", then per call "started" (a job's budget begins) and
// "answer" with the reply as JSON text.

let request = null;

function say(message) {
  self.postMessage(message);
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function boot({ pyodide, wheels }) {
  say({ type: "progress", text: "Loading the solver: starting Python…" });
  // The wheels come while Python starts; unpacked as they are (no package
  // manager: they name no dependency, and a native library loads on import).
  const fetched = Promise.all(wheels.map(fetchBytes));
  fetched.catch(() => {}); // a failure is thrown below, where it is awaited
  const { loadPyodide } = await import(`${pyodide}pyodide.mjs`);
  const py = await loadPyodide({ indexURL: pyodide, stdout: () => {}, stderr: (line) => console.warn(line) });
  say({ type: "progress", text: "Loading the solver: loading pencilbox…", python: true });
  for (const wheel of await fetched) py.unpackArchive(wheel, "wheel");
  const inpage = py.pyimport("pencilbox.web.inpage");
  request = inpage.request;
  return inpage;
}

self.onmessage = async (event) => {
  const message = event.data;
  if (message.type === "init") {
    try {
      const inpage = await boot(message);
      say({ type: "ready" });
      // Then load every type and fill the first hint's caches, as a server
      // worker warms up; a call that comes meanwhile waits the fraction of a
      // second this takes, where a cold first hint would take longer.
      inpage.warm();
    } catch (error) {
      say({ type: "failed", message: String((error && error.message) || error).split("\n")[0] });
    }
    return;
  }
  if (message.type === "call") {
    const started = (name, budget, overrun) => say({ type: "started", name, budget, message: overrun });
    let reply;
    try {
      reply = await request(message.method, message.target, message.body, started);
    } catch (error) {
      const text = String((error && error.message) || error).trim().split("\n").pop();
      reply = JSON.stringify({ status: 500, body: { error: `internal error: ${text}` }, restart: true });
    }
    say({ type: "answer", reply });
  }
};

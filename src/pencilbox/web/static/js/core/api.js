// Talking to the server: every call returns parsed JSON or throws an Error
// whose message is the server's one-line explanation.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function answer(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    const message = body && body.error ? body.error : `${response.status} ${response.statusText}`;
    throw new ApiError(response.status, message);
  }
  return body;
}

export async function get(path, options = {}) {
  return answer(await fetch(path, { signal: options.signal }));
}

export async function post(path, body, options = {}) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: options.signal,
  });
  return answer(response);
}

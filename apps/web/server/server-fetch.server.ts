/**
 * The API client's transport on the web server: plain node:http(s) with kept-alive connections
 * instead of the global `fetch` (decision 015). A miner's page makes five API calls
 * per render; through `fetch` (WHATWG streams, Headers objects, a Response per call) each cost
 * about 0.3 ms of CPU, through node:http about 0.13 ms. Bodies are small JSON documents, read
 * whole. A request with a body (a form sent on by an action) keeps the global `fetch`.
 */
import http from 'node:http';
import https from 'node:https';
// Plain Node runs this file (server.ts): only relative `.ts` and package imports.
import type { ApiTransport } from '../app/platform/api-client.ts';

export function createServerTransport(): ApiTransport {
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  return (url, init) => {
    if (init.body !== undefined && init.body !== null) return fetch(url, init);
    return new Promise((resolve, reject) => {
      const secure = url.protocol === 'https:';
      const request = (secure ? https : http).request(
        url,
        { method: init.method, headers: init.headers, agent: secure ? agents.https : agents.http, signal: init.signal },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          // A body cut short (the timeout's abort, a dropped connection) is no answer.
          response.on('close', () => {
            if (!response.complete) reject(new Error('the connection closed before the whole answer arrived'));
          });
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const headers = response.headers;
            resolve({
              status: response.statusCode ?? 0,
              headers: {
                get: (name) => {
                  const value = headers[name.toLowerCase()];
                  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
                },
              },
              text: () => Promise.resolve(text),
            });
          });
        },
      );
      request.on('error', reject);
      request.end();
    });
  };
}

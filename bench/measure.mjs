// What the benchmarks share to load and to measure: a keep-alive POST client, and CPU read from
// /proc (ours, and what every other process on the machine took meanwhile).
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';

/**
 * node:http with keep-alive costs the load generator a fraction of what fetch() does, and the load
 * generator shares the machine's two cores with the server. The answer's `text` is kept beside `json()`.
 */
export function poster(serverUrl, maxSockets = 256) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const { hostname, port } = new URL(serverUrl);
  return (path, body, auth) =>
    new Promise((resolve, reject) => {
      const payload = typeof body === 'string' ? body : JSON.stringify(body);
      const headers = {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        ...(auth ? { authorization: auth } : {}),
      };
      const req = http.request({ agent, hostname, port, path, method: 'POST', headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: res.statusCode, text, json: () => JSON.parse(text) });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
}

/** A process's name and CPU ticks (user + system) so far; null when it has ended. */
export function procCpu(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      ticks: Number(fields[11]) + Number(fields[12]),
    };
  } catch {
    return null;
  }
}

/** CPU seconds the given processes have used so far. */
export function cpuSeconds(pids) {
  return pids.reduce((sum, pid) => sum + (procCpu(pid)?.ticks ?? 0), 0) / 100; // USER_HZ
}

/**
 * Every process on the machine, by pid. What the servers and the load generator did not use went to
 * others: on the VMs here, the kernel's memory monitor (kdamond) takes a core for 10–35 ms about every
 * 0.55 s, which sets much of the p99 (BENCHMARKS.md).
 */
export function everyProcessCpu() {
  const out = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    const cpu = procCpu(pid);
    if (cpu) out.set(pid, cpu);
  }
  return out;
}

/** The CPU others used between two `everyProcessCpu` snapshots: ms in total and the largest users. */
export function othersCpu(before, after, ours) {
  const used = [];
  for (const [pid, { comm, ticks }] of after) {
    const ms = (ticks - (before.get(pid)?.ticks ?? 0)) * 10;
    if (!ours.has(pid) && ms > 0) used.push({ comm, ms });
  }
  used.sort((a, b) => b.ms - a.ms);
  return { total: used.reduce((a, b) => a + b.ms, 0), top: used.slice(0, 3) };
}

// RealtimeKit, the optional call provider: with its secrets set (here in
// vitest.worker.config.ts) callMeeting creates one meeting per call, the first participant to ask
// creating it, and adds each participant, answering their auth token; outsiders and calls that
// ended are refused. Cloudflare's RealtimeKit API cannot be reached offline: the one fetch to
// api.cloudflare.com is stood in for here, and only it; everything else is the real Worker.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { realtimeKitOn } from '../../worker/providers/realtimekit';
import { callId, closeAll, dial, person, sendToMsg, webrtcFrame } from './call-helpers';
import { call } from './helpers';

const API = 'https://api.cloudflare.com/client/v4/accounts/test-account/realtime/kit/test-app';
const callMeeting = (token: string, id: string) => call('/enterprise/im/callMeeting', { id }, { token });

let asked: { url: string; auth: string; body: any }[] = [];
let failing = false;

beforeEach(() => {
  asked = [];
  failing = false;
  const real = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith('https://api.cloudflare.com/')) return real(input, init);
    const body = JSON.parse(String(init?.body ?? '{}'));
    asked.push({ url, auth: String((init?.headers as Record<string, string>).authorization), body });
    if (failing) return Response.json({ success: false, errors: [{ message: 'nope' }] }, { status: 500 });
    if (url === `${API}/meetings`)
      return Response.json({ success: true, data: { id: `meeting-${asked.length}`, title: body.title } });
    const participant = /\/meetings\/([^/]+)\/participants$/.exec(url);
    if (participant)
      return Response.json({
        success: true,
        data: { id: crypto.randomUUID(), token: `token-${participant[1]}-${body.custom_participant_id}` },
      });
    return Response.json({ success: false }, { status: 404 });
  });
});

afterEach(() => vi.restoreAllMocks());

describe('POST /enterprise/im/callMeeting with RealtimeKit configured', () => {
  it('creates one meeting for the call and gives each participant their own token', async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const id = callId();
    await dial(a, b, id);
    await webrtcFrame(b.socket, id, 'calling');
    const [fromA, fromB] = await Promise.all([callMeeting(a.token, id), callMeeting(b.token, id)]);
    expect(fromA.body).toMatchObject({ code: 0, data: { provider: 'realtimekit' } });
    expect(fromB.body).toMatchObject({ code: 0, data: { provider: 'realtimekit' } });
    const meetings = asked.filter((q) => q.url === `${API}/meetings`);
    expect(meetings).toHaveLength(1);
    expect(meetings[0]!.auth).toBe('Bearer test-realtimekit-token');
    expect(fromA.body.data.authToken).toBe(`token-meeting-1-parley-${a.uid}`);
    expect(fromB.body.data.authToken).toBe(`token-meeting-1-parley-${b.uid}`);
    const participants = asked.filter((q) => q.url.endsWith('/participants'));
    expect(participants.map((q) => q.body.preset_name)).toEqual(['group_call_participant', 'group_call_participant']);
    // Asking again reuses the meeting.
    expect((await callMeeting(b.token, id)).body.data.authToken).toBe(`token-meeting-1-parley-${b.uid}`);
    expect(asked.filter((q) => q.url === `${API}/meetings`)).toHaveLength(1);
    // The API token never reaches a browser.
    expect(JSON.stringify([fromA.body, fromB.body])).not.toContain('test-realtimekit-token');
    closeAll(a, b);
  });

  it('refuses outsiders and ended calls without asking Cloudflare; a failing API is a refusal', async () => {
    const [a, b, c] = await Promise.all([person(), person(), person()]);
    const id = callId();
    await dial(a, b, id);
    expect((await callMeeting(c.token, id)).body).toMatchObject({ code: 400, msg: 'The call failed' });
    expect(asked).toEqual([]);
    failing = true;
    expect((await callMeeting(a.token, id)).body.code).toBe(400);
    failing = false;
    await sendToMsg(a.token, { id, toContactId: b.uid, event: 'hangup' });
    asked = [];
    expect((await callMeeting(a.token, id)).body.code).toBe(400);
    expect((await callMeeting(b.token, id)).body.code).toBe(400);
    expect(asked).toEqual([]);
    closeAll(a, b, c);
  });

  it('is off unless all three secrets are set (then the answer is p2p)', () => {
    expect(realtimeKitOn({})).toBe(false);
    expect(realtimeKitOn({ REALTIMEKIT_ACCOUNT_ID: 'a', REALTIMEKIT_APP_ID: 'b' })).toBe(false);
    expect(realtimeKitOn({ REALTIMEKIT_ACCOUNT_ID: 'a', REALTIMEKIT_APP_ID: 'b', REALTIMEKIT_API_TOKEN: 'c' })).toBe(
      true,
    );
  });
});

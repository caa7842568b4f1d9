import { expect, it } from 'vitest';
it('tries the mock', async () => {
  const { setupStubs } = await import('@cloudflare/realtimekit/mock');
  setupStubs({ peerId: 'peer-self', mockParticipants: [{ peerId: 'peer-b', displayName: 'B', stageStatus: 1 }] });
  const { default: Client } = await import('@cloudflare/realtimekit');
  let err: unknown = null;
  try {
    const m = await Client.init({ authToken: `eyJhbGciOiJub25lIn0.${btoa(JSON.stringify({ meetingId: 'm1', orgId: 'o1', participantId: 'p1' }))}.sig`, defaults: { audio: true, video: true } });
    console.log('init ok', Object.keys(m));
    await m.join();
    console.log('joined', m.participants.joined.size);
  } catch (e) { err = e; console.log('ERR', e); }
  expect(err).toBe(null);
}, 30000);

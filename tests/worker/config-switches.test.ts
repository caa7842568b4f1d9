// The operator's on/off settings as the server enforces them: read through protocol/config-values
// (chatSwitch, sysSwitch), as the web app reads them to show or hide the buttons, so an empty or
// unreadable value means what a fresh install has, on both sides.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';

import { chatSwitch, configSwitch, SWITCH_DEFAULTS, sysSwitch } from '@protocol/config-values';

import { forgetConfig } from '../../worker/db/config';
import { nameEditable } from '../../worker/services/account-rules';
import { mayPost } from '../../worker/services/message-handling';
import { retentionCutoff } from '../../worker/services/retention';
import { DEFAULTS } from '../../worker/services/system-config';
import { groupCall, uid } from './group-helpers';
import { call, loginUser, resetConfig } from './helpers';

afterEach(resetConfig);

/** Every way a switch that is on in a fresh install can be stored, and whether it is on then. */
const ON_BY_DEFAULT: [unknown, boolean][] = [
  ['1', true],
  [1, true],
  [true, true],
  ['0', false],
  [0, false],
  [false, false],
  ['', true],
  ['false', true],
  ['yes', true],
];

/** Stores chatInfo as an admin form might: any JSON value, not only strings. */
async function storeChatInfo(values: Record<string, unknown>) {
  await env.DB.prepare("INSERT OR REPLACE INTO config (name, value, update_time) VALUES ('chatInfo', ?1, 0)")
    .bind(JSON.stringify(values))
    .run();
  forgetConfig();
}

describe('switches read one way', () => {
  it('gives every switch of a fresh install the value the web app assumes when it is missing', () => {
    for (const [name, on] of Object.entries(SWITCH_DEFAULTS.chatInfo))
      expect([name, configSwitch(DEFAULTS.chatInfo[name as keyof typeof DEFAULTS.chatInfo], !on)]).toEqual([name, on]);
    for (const [name, on] of Object.entries(SWITCH_DEFAULTS.sysInfo))
      expect([name, configSwitch(DEFAULTS.sysInfo[name as keyof typeof DEFAULTS.sysInfo], !on)]).toEqual([name, on]);
  });

  it('takes a missing switch as the fresh install has it in the pure rules', () => {
    expect(mayPost({}, 0)).toBe(true);
    expect(mayPost({ simpleChat: '' }, 0)).toBe(true);
    expect(mayPost({ simpleChat: false }, 0)).toBe(false);
    expect(retentionCutoff({ msgClearDay: '30' }, Date.now())).toBeNull();
    expect(retentionCutoff({ msgClear: true, msgClearDay: '30' }, 40 * 86_400_000)).toBe(10 * 86_400_000);
    expect(nameEditable({ runMode: '1' })).toBe(false);
    expect(nameEditable({ runMode: '1', diyName: '1' })).toBe(true);
    expect(chatSwitch({}, 'webrtc')).toBe(true);
    expect(sysSwitch({ ipregion: '' }, 'ipregion')).toBe(true);
  });
});

describe('the server refuses exactly what the web app hides', () => {
  it('creates a group for every stored groupChat the web app shows "Create group" for', async () => {
    const [owner, member] = await Promise.all([loginUser(), loginUser()]);
    for (const [value, on] of ON_BY_DEFAULT) {
      await storeChatInfo({ groupChat: value });
      const answer = await groupCall('add', { user_ids: [uid(member)] }, owner);
      expect({ value, web: chatSwitch({ groupChat: value }, 'groupChat'), server: answer.body.code === 0 }).toEqual({
        value,
        web: on,
        server: on,
      });
    }
  });

  it('lets calls signal for every stored webrtc the web app shows the call buttons for', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    for (const [value, on] of ON_BY_DEFAULT) {
      await storeChatInfo({ webrtc: value });
      // An offer in no call: refused either way, but only a switched-off server says calls are off.
      const answer = await call(
        '/enterprise/im/sendToMsg',
        { id: `call-${crypto.randomUUID()}`, toContactId: uid(b), event: 'offer', sdp: 'v=0\r\n' },
        { token: a.token },
      );
      const saysOff = answer.body.msg === 'Audio and video calls are not enabled on this system';
      expect({ value, web: chatSwitch({ webrtc: value }, 'webrtc'), server: !saysOff }).toEqual({
        value,
        web: on,
        server: on,
      });
    }
  });
});

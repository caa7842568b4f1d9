// Calls in Chromium with fake media devices (the harness starts it with
// --use-fake-device-for-media-stream --use-fake-ui-for-media-stream --allow-loopback-in-peer-connection):
// two phones connect peer-to-peer over loopback with host candidates only (no TURN, no internet).
//
// 1. A video-calls B from the chat's + panel; B's tab rings (the overlay over B's chat list); B
//    accepts; both peer connections reach `connected` and each remote <video> has frames; A mutes
//    and B's inbound audio goes silent; B hangs up; both chats show the record with its duration.
// 2. B declines: A's call screen says Declined and A's chat shows the declined record.
// 3. B has two tabs: both ring; B answers in one; the other's overlay closes and its ringtone stops.
// 4. During an A–B call C calls B: C's screen says "Busy with each other", A–B stay connected.
// 5. Every call screen (dialing, the incoming overlay, in call with video and with voice, ended)
//    in vi, en and zh-CN at 390×844: screenshots under .tmp/e2e/calls-<lang>-<screen>.png, no
//    translation key or text of another language, no horizontal overflow, no serious axe violation.
//
// The page is observed, not changed: an init script records each RTCPeerConnection the app makes
// (to read connectionState and the inbound audio's energy from getStats) and each tone the app
// plays (OscillatorNode.start: the ringtone is 660 + 880 Hz), then calls the browser's own.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { ROOT } from '../../scripts/lib.mjs';
import {
  exactly,
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  locale,
  screenLines,
  startApp,
  uniqueAccount,
  waitUntil,
} from './harness.mjs';

const LANGS = ['vi', 'en', 'zh-CN'];
const TEXTS = Object.fromEntries(LANGS.map((lang) => [lang, locale(lang)]));
const en = TEXTS.en;
const PASSWORD = 'secret-123';
const SHOTS = join(ROOT, '.tmp', 'e2e');
const RINGTONE_HZ = new Set([660, 880]);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs in every page before the app: keeps the app's peer connections and tones where the test can read them. */
function observeCalls() {
  if (window.top !== window) return;
  const Native = window.RTCPeerConnection;
  window.__pcs = [];
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      window.__pcs.push(this);
    }
  };
  window.__tones = [];
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) {
    window.__tones.push({ hz: this.frequency.value, at: Date.now() });
    return start.apply(this, args);
  };
}

/** Registers people through the API and makes each pair in `chats` a one-to-one chat (one text). */
async function makePeople(app, names, chats = []) {
  const people = {};
  for (const [key, realname] of Object.entries(names)) {
    const account = uniqueAccount(`call${key}`);
    const registered = await app.api('/common/pub/register', { account, realname, password: PASSWORD });
    assert.equal(registered.code, 0, JSON.stringify(registered));
    const login = (await app.api('/common/pub/login', { account, password: PASSWORD })).data;
    people[key] = { account, realname, id: login.userInfo.user_id, token: login.authToken };
  }
  for (const [from, to] of chats) {
    const sent = await app.api(
      '/enterprise/im/sendMessage',
      {
        id: crypto.randomUUID(),
        type: 'text',
        content: `Hello ${people[to].realname}`,
        toContactId: people[to].id,
        is_group: 0,
      },
      people[from].token,
    );
    assert.equal(sent.code, 0, JSON.stringify(sent));
  }
  return people;
}

/** A phone signed in as `person`, its calls observed. */
async function phone(app, person, lang) {
  const user = await app.user({ language: lang });
  await user.context.addInitScript(observeCalls);
  await app.signIn(user.page, person.account, PASSWORD, { lang });
  return user;
}

const callRoot = (page, phase) => page.locator(phase ? `[data-call-phase="${phase}"]` : '[data-call-phase]');
const waitPhase = (page, phase, timeout = 20_000) => callRoot(page, phase).waitFor({ timeout });
const incoming = (page, t, name) =>
  page.getByRole('dialog', { name: t.call.incoming.label.replace('{{name}}', name), exact: true });

/** From the open chat: + panel, then the voice or video call tile. */
async function callFromPlusPanel(page, t, video) {
  await page.getByRole('button', { name: t.chat.moreButton, exact: true }).click();
  // The panel's own button: the phone header has a Video call button of the same name too.
  await page
    .locator('footer')
    .getByRole('button', { name: video ? t.call.videoCall : t.call.voiceCall, exact: true })
    .click();
}

async function openChat(app, page, peerId) {
  await page.goto(app.path(`/pages/message/chat?id=${peerId}`));
  await page.getByTestId('thread').waitFor();
}

/** The newest peer connection's state. */
const connectionState = (page) => page.evaluate(() => window.__pcs.at(-1)?.connectionState ?? 'none');

/** The remote <video>: its size and how far it played, twice 800 ms apart. */
async function remoteVideo(page) {
  return page.evaluate(async () => {
    const video = document.querySelector('[data-testid="remote-video"]');
    const first = video.currentTime;
    await new Promise((resolve) => setTimeout(resolve, 800));
    return {
      width: video.videoWidth,
      height: video.videoHeight,
      first,
      second: video.currentTime,
      paused: video.paused,
    };
  });
}

async function expectPictures(page, who) {
  const seen = await waitUntil(
    async () => {
      const v = await remoteVideo(page);
      return v.width > 0 && v.second > v.first ? v : null;
    },
    { timeout: 15_000, message: `${who}'s remote video to play` },
  );
  assert.ok(seen.width > 0 && seen.height > 0, `${who}: the remote video has a size`);
  assert.ok(seen.second > seen.first, `${who}: the remote video's currentTime advances`);
}

/** The inbound audio's energy per second of samples over `ms` (getStats totalAudioEnergy / totalSamplesDuration). */
async function inboundAudioPower(page, ms = 1500) {
  const read = () =>
    page.evaluate(async () => {
      const stats = await window.__pcs.at(-1).getStats();
      for (const s of stats.values()) {
        if (s.type === 'inbound-rtp' && s.kind === 'audio')
          return { energy: s.totalAudioEnergy ?? 0, duration: s.totalSamplesDuration ?? 0 };
      }
      return null;
    });
  const first = await read();
  await sleep(ms);
  const second = await read();
  assert.ok(first && second && second.duration > first.duration, 'inbound audio is being received');
  return (second.energy - first.energy) / (second.duration - first.duration);
}

/** The remote stream's audio track as the receiving page sees it. */
const remoteAudioTrack = (page) =>
  page.evaluate(() => {
    const track = document.querySelector('[data-testid="remote-video"]').srcObject?.getAudioTracks()[0];
    return track ? { muted: track.muted, enabled: track.enabled, readyState: track.readyState } : null;
  });

const ringtones = (page, since = 0) =>
  page
    .evaluate((since) => window.__tones.filter((t) => t.at >= since), since)
    .then((tones) => tones.filter((t) => RINGTONE_HZ.has(t.hz)).length);

/**
 * Keeps an ended call on screen (the store clears it after ENDED_SHOW_MS = 2000 ms) while it is
 * checked: that one delay is stretched in the page until `release`.
 */
async function holdEndedScreen(page) {
  await page.evaluate(() => {
    const native = window.setTimeout;
    window.__nativeSetTimeout = native;
    window.setTimeout = (fn, ms, ...rest) => native(fn, ms === 2000 ? 600_000 : ms, ...rest);
  });
  return () =>
    page.evaluate(() => {
      window.setTimeout = window.__nativeSetTimeout;
    });
}

/** The text of the newest call-record bubble matching `pattern` in the open thread. */
async function recordBubble(page, pattern) {
  const bubble = page.getByTestId('thread').getByTestId('bubble').filter({ hasText: pattern }).last();
  await bubble.waitFor();
  return (await bubble.innerText()).trim();
}

describe('calls between phones', { timeout: 240_000 }, () => {
  let app;
  let people;
  let a;
  let b;
  let c;
  before(async () => {
    app = await startApp({ name: 'calls', shared: true });
    people = await makePeople(app, { a: 'Alice Tran', b: 'Bao Nguyen', c: 'Chi Le' }, [
      ['a', 'b'],
      ['c', 'b'],
    ]);
    [a, b, c] = await Promise.all([phone(app, people.a, 'en'), phone(app, people.b, 'en'), phone(app, people.c, 'en')]);
  });
  after(async () => {
    await app?.close();
  });

  test('A video-calls B: B rings and accepts, pictures both ways, A mutes, B hangs up, both records have the duration', async (t) => {
    await openChat(app, a.page, people.b.id);
    await callFromPlusPanel(a.page, en, true);
    await waitPhase(a.page, 'dialing');
    // B is on the chat list: the overlay rings there.
    const ring = incoming(b.page, en, people.a.realname);
    await ring.waitFor();
    await ring.getByText(en.call.incoming.video, { exact: true }).waitFor();
    await waitUntil(() => ringtones(b.page), { message: "B's ringtone" });
    await ring.getByRole('button', { name: en.call.incoming.accept, exact: true }).click();

    await Promise.all([waitPhase(a.page, 'active'), waitPhase(b.page, 'active')]);
    assert.equal(await connectionState(a.page), 'connected');
    assert.equal(await connectionState(b.page), 'connected');
    await Promise.all([expectPictures(a.page, 'A'), expectPictures(b.page, 'B')]);

    // A mutes: A's button flips; B's inbound audio goes silent.
    const before = await inboundAudioPower(b.page);
    assert.ok(before > 0, `B hears A's fake microphone before the mute (power ${before})`);
    await a.page.getByRole('button', { name: en.call.controls.mute, exact: true }).click();
    await a.page.getByRole('button', { name: en.call.controls.unmute, exact: true }).waitFor();
    assert.deepEqual(
      await a.page.evaluate(() =>
        window.__pcs
          .at(-1)
          .getSenders()
          .filter((s) => s.track?.kind === 'audio')
          .map((s) => s.track.enabled),
      ),
      [false],
    );
    await sleep(500);
    const during = await inboundAudioPower(b.page);
    assert.ok(during < before / 100, `B's inbound audio is silent after A's mute (power ${during}, was ${before})`);
    // B also sees it: A said so on the call's data channel.
    const mutedLine = b.page
      .getByRole('status')
      .getByText(en.call.peerMuted.replace('{{name}}', people.a.realname), { exact: true });
    await mutedLine.waitFor();
    const track = await remoteAudioTrack(b.page);
    t.diagnostic(
      `B's remote audio track after A's mute: ${JSON.stringify(track)}; inbound power ${before.toExponential(2)} → ${during.toExponential(2)}`,
    );
    // Unmuted, the sound comes back (so the silence above was the mute, not a dead line).
    await a.page.getByRole('button', { name: en.call.controls.unmute, exact: true }).click();
    await sleep(500);
    const again = await inboundAudioPower(b.page);
    assert.ok(again > during * 10, `B hears A again after the unmute (power ${again})`);
    await mutedLine.waitFor({ state: 'detached' });

    // B hangs up: both screens end, both chats keep the record with the same duration.
    await b.page.getByRole('button', { name: en.call.controls.hangup, exact: true }).click();
    await Promise.all([waitPhase(a.page, 'ended'), waitPhase(b.page, 'ended')]);
    await callRoot(a.page).waitFor({ state: 'detached' });
    const duration = new RegExp(`^${en.call.record.duration.replace('{{time}}', '(\\d\\d):(\\d\\d)')}$`);
    const aRecord = await recordBubble(a.page, duration);
    await callRoot(b.page).waitFor({ state: 'detached' });
    await openChat(app, b.page, people.a.id);
    const bRecord = await recordBubble(b.page, duration);
    assert.equal(aRecord, bRecord, 'both chats show the same duration');
    const [, mm, ss] = aRecord.match(duration);
    const seconds = Number(mm) * 60 + Number(ss);
    assert.ok(seconds >= 3 && seconds < 120, `the duration counts the call (${aRecord})`);
    assert.deepEqual(a.errors.map(String), []);
    assert.deepEqual(b.errors.map(String), []);
  });

  test("B declines: A's screen says Declined and A's chat keeps the declined record", async () => {
    await openChat(app, a.page, people.b.id);
    await b.page.goto(app.path('/'));
    await callFromPlusPanel(a.page, en, false);
    await waitPhase(a.page, 'dialing');
    const ring = incoming(b.page, en, people.a.realname);
    await ring.getByText(en.call.incoming.voice, { exact: true }).waitFor();
    await ring.getByRole('button', { name: en.call.incoming.decline, exact: true }).click();
    await ring.waitFor({ state: 'detached' });
    await callRoot(a.page, 'ended').getByText(en.call.end.declined, { exact: true }).waitFor();
    await callRoot(a.page).waitFor({ state: 'detached' });
    await recordBubble(a.page, exactly(en.call.record.declined));
    await openChat(app, b.page, people.a.id);
    await recordBubble(b.page, exactly(en.call.record.declined));
  });

  test('B has two tabs: both ring, B answers in one, the other stops ringing', async () => {
    const b2 = await b.context.newPage();
    try {
      await b2.goto(app.path('/'));
      await b2.getByRole('heading', { name: en.route.home }).waitFor();
      await b.page.goto(app.path('/'));
      await openChat(app, a.page, people.b.id);
      await callFromPlusPanel(a.page, en, true);
      const rings = [incoming(b.page, en, people.a.realname), incoming(b2, en, people.a.realname)];
      await Promise.all(rings.map((ring) => ring.waitFor()));
      await waitUntil(() => ringtones(b2), { message: 'the second tab to play its ringtone' });
      await rings[0].getByRole('button', { name: en.call.incoming.accept, exact: true }).click();
      await Promise.all([waitPhase(a.page, 'active'), waitPhase(b.page, 'active')]);
      // The other tab: it says so for a moment, then no overlay, no call screen, and no ringtone any more.
      await b2.getByRole('status').getByText(en.call.end.answeredElsewhere, { exact: true }).waitFor();
      await rings[1].waitFor({ state: 'detached' });
      assert.equal(await callRoot(b2).count(), 0, 'the other tab did not open the call');
      const quiet = Date.now() + 300;
      await sleep(2000);
      assert.equal(await ringtones(b2, quiet), 0, 'the other tab stopped ringing');
      assert.equal(await b2.evaluate(() => window.__pcs.length), 0, 'the other tab made no peer connection');
      await expectPictures(b.page, 'B');
      await a.page.getByRole('button', { name: en.call.controls.hangup, exact: true }).click();
      await Promise.all([
        callRoot(a.page).waitFor({ state: 'detached' }),
        callRoot(b.page).waitFor({ state: 'detached' }),
      ]);
    } finally {
      await b2.close();
    }
  });

  test('C calls B during an A–B call: C hears busy, A and B stay connected', async () => {
    await b.page.goto(app.path('/'));
    await openChat(app, a.page, people.b.id);
    await callFromPlusPanel(a.page, en, true);
    await incoming(b.page, en, people.a.realname)
      .getByRole('button', { name: en.call.incoming.accept, exact: true })
      .click();
    await Promise.all([waitPhase(a.page, 'active'), waitPhase(b.page, 'active')]);

    await openChat(app, c.page, people.b.id);
    await callFromPlusPanel(c.page, en, true);
    await callRoot(c.page, 'ended').getByText(en.error.busy, { exact: true }).waitFor();
    await callRoot(c.page).waitFor({ state: 'detached' });
    await recordBubble(c.page, exactly(en.call.record.busy));

    // Nothing rang on B's phone, and the call goes on.
    assert.equal(await b.page.getByRole('dialog').count(), 0, 'no overlay on B');
    assert.equal(await callRoot(a.page, 'active').count(), 1);
    assert.equal(await callRoot(b.page, 'active').count(), 1);
    assert.equal(await connectionState(a.page), 'connected');
    assert.equal(await connectionState(b.page), 'connected');
    await Promise.all([expectPictures(a.page, 'A'), expectPictures(b.page, 'B')]);
    await a.page.getByRole('button', { name: en.call.controls.hangup, exact: true }).click();
    await Promise.all([
      callRoot(a.page).waitFor({ state: 'detached' }),
      callRoot(b.page).waitFor({ state: 'detached' }),
    ]);
    for (const who of [a, b, c]) assert.deepEqual(who.errors.map(String), []);
  });
});

// --- Every call screen in each language ---------------------------------------------------------

/** Every text of a locale group, by its dotted key. */
function leaves(tree, prefix = '') {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value]] : leaves(value, `${prefix}${key}.`),
  );
}
/** What i18next shows for a key it lacks: the key itself, starting with one of our groups. */
const KEY_LIKE = new RegExp(`^(${Object.keys(TEXTS.vi).join('|')})(\\.[A-Za-z_]+)+$`);
/** The call texts of the other languages that `lang` words differently (an untranslated text betrays itself). */
function foreignTexts(lang) {
  const own = new Map(leaves(TEXTS[lang].call, 'call.'));
  const foreign = new Set();
  for (const other of LANGS.filter((l) => l !== lang)) {
    for (const [key, value] of leaves(TEXTS[other].call, 'call.')) {
      if (value.includes('{{') || value.length < 4 || own.get(key) === value || [...own.values()].includes(value))
        continue;
      foreign.add(value);
    }
  }
  return foreign;
}

async function expectTranslated(page, lang, screen) {
  const lines = await screenLines(page);
  assert.deepEqual(
    lines.filter((line) => KEY_LIKE.test(line)),
    [],
    `${screen} (${lang}): translation keys shown instead of texts`,
  );
  const foreign = foreignTexts(lang);
  assert.deepEqual(
    lines.filter((line) => foreign.has(line)),
    [],
    `${screen} (${lang}): texts of another language`,
  );
}

describe('the call screens in vi, en and zh-CN', { timeout: 240_000 }, () => {
  let app;
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await startApp({ name: 'calls-screens', shared: true });
  });
  after(async () => {
    await app?.close();
  });

  for (const lang of LANGS) {
    test(`every call screen in ${lang}`, async () => {
      const t = TEXTS[lang];
      const people = await makePeople(app, { caller: 'Linh Pham', callee: 'Minh Vo' }, [['caller', 'callee']]);
      const [caller, callee] = await Promise.all([phone(app, people.caller, lang), phone(app, people.callee, lang)]);
      const check = async (page, screen) => {
        await page.evaluate(() => Promise.all(document.getAnimations().map((x) => x.finished.catch(() => undefined))));
        await page.screenshot({ path: join(SHOTS, `calls-${lang}-${screen}.png`) });
        await expectTranslated(page, lang, screen);
        await expectNoHorizontalOverflow(page, `${screen} (${lang})`);
        await expectNoSeriousA11yViolations(page, `${screen} (${lang})`);
      };
      const accept = () =>
        incoming(callee.page, t, people.caller.realname)
          .getByRole('button', { name: t.call.incoming.accept, exact: true })
          .click();

      // A video call: dialing, the overlay on the callee's chat list, then the call with pictures.
      await openChat(app, caller.page, people.callee.id);
      await callFromPlusPanel(caller.page, t, true);
      await waitPhase(caller.page, 'dialing');
      // 'Calling…' until the server says the callee's device rings, then 'Ringing…' (no countdown).
      await caller.page.getByText(t.call.phase.ringing, { exact: true }).waitFor();
      await check(caller.page, 'dialing');
      await incoming(callee.page, t, people.caller.realname).waitFor();
      await check(callee.page, 'incoming');
      await accept();
      await Promise.all([waitPhase(caller.page, 'active'), waitPhase(callee.page, 'active')]);
      await expectPictures(caller.page, 'caller');
      await check(caller.page, 'video');
      await caller.page.getByRole('button', { name: t.call.controls.hangup, exact: true }).click();
      await Promise.all([
        callRoot(caller.page).waitFor({ state: 'detached' }),
        callRoot(callee.page).waitFor({ state: 'detached' }),
      ]);

      // A voice call: the avatar and name; the callee hangs up and the caller's screen says how it ended.
      await callee.page.goto(app.path('/'));
      await callFromPlusPanel(caller.page, t, false);
      await accept();
      await Promise.all([waitPhase(caller.page, 'active'), waitPhase(callee.page, 'active')]);
      await sleep(1200);
      await check(caller.page, 'audio');
      const release = await holdEndedScreen(caller.page);
      await callee.page.getByRole('button', { name: t.call.controls.hangup, exact: true }).click();
      await callRoot(caller.page, 'ended')
        .getByText(new RegExp(`^${t.call.end.ended} · \\d\\d:\\d\\d$`))
        .waitFor();
      await check(caller.page, 'ended');
      await release();

      for (const who of [caller, callee]) assert.deepEqual(who.errors.map(String), []);
      await Promise.all([caller.context.close(), callee.context.close()]);
    });
  }
});

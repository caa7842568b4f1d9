// worker/services/form-params.ts: form-encoded bodies become the nested bags PHP clients
// send, and hostile keys can never reach Object.prototype.
import { afterEach, describe, expect, it } from 'vitest';

import { parseFormParams } from '../../worker/services/form-params';

const parse = (query: string) => parseFormParams(new URLSearchParams(query));

afterEach(() => {
  // Belt and braces: a polluted prototype would leak into every later test.
  for (const key of ['x', 'polluted']) delete (Object.prototype as Record<string, unknown>)[key];
});

describe('parsing form parameters', () => {
  it('reads plain keys as strings, the last value winning', () => {
    expect(parse('account=bob&password=secret12&n=1&n=2')).toEqual({ account: 'bob', password: 'secret12', n: '2' });
  });

  it('turns `a[]=1&a[]=2` into a list', () => {
    expect(parse('a[]=1&a[]=2')).toEqual({ a: ['1', '2'] });
  });

  it('turns `m[0][id]=x` into a list of objects', () => {
    expect(parse('m[0][id]=x&m[0][name]=y&m[1][id]=z')).toEqual({ m: [{ id: 'x', name: 'y' }, { id: 'z' }] });
  });

  it('turns `s[manage]=1` into an object', () => {
    expect(parse('s[manage]=1&s[send]=0')).toEqual({ s: { manage: '1', send: '0' } });
  });

  it('keeps numbered keys with gaps as an object rather than a list', () => {
    expect(parse('a[0]=x&a[2]=y')).toEqual({ a: { 0: 'x', 2: 'y' } });
  });

  it('skips malformed keys and keys nested deeper than five levels', () => {
    expect(parse('a]b=1&[x]=2&ok=3')).toEqual({ ok: '3' });
    expect(parse('d[1][2][3][4][5][6]=deep&d[1][2][3][4][5]=fine')).toEqual({
      d: { 1: { 2: { 3: { 4: { 5: 'fine' } } } } },
    });
  });
});

describe('refusing prototype pollution', () => {
  it.each([
    '__proto__[x]=1',
    '__proto__[polluted]=1',
    'a[__proto__][x]=1',
    'constructor[prototype][x]=1',
    'a[constructor][prototype][polluted]=1',
  ])('ignores `%s` and leaves Object.prototype clean', (query) => {
    const bag = parse(`${query}&keep=1`);
    expect(bag).toEqual({ keep: '1' });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(bag)).toBe(Object.prototype);
  });
});

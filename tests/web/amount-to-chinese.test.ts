// @vitest-environment node
// Chinese capital numerals for amounts.
import { describe, expect, it } from 'vitest';

import { amountToChinese } from '../../web/src/utils/amount-to-chinese';

describe('amount in Chinese capitals', () => {
  it.each([
    [0, '零元整'],
    [1, '壹元整'],
    [10, '壹拾元整'],
    [1001, '壹仟零壹元整'],
    [1010, '壹仟零壹拾元整'],
    [100000, '壹拾万元整'],
    [100010, '壹拾万零壹拾元整'],
    [100000000, '壹亿元整'],
    [100000001, '壹亿零壹元整'],
    [123456789, '壹亿贰仟叁佰肆拾伍万陆仟柒佰捌拾玖元整'],
    [1000000000000, '壹万亿元整'],
    [1234500000000, '壹万贰仟叁佰肆拾伍亿元整'],
    [0.05, '伍分'],
    [0.5, '伍角'],
    [0.15, '壹角伍分'],
    [1.05, '壹元零伍分'],
    [100.5, '壹佰元伍角'],
    [12.34, '壹拾贰元叁角肆分'],
  ])('writes %s as %s', (amount, expected) => {
    expect(amountToChinese(amount)).toBe(expected);
  });

  it('reads decimal strings exactly, up to just below 10^15', () => {
    expect(amountToChinese('999999999999999.99')).toBe(
      '玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分',
    );
    expect(amountToChinese('7.005')).toBe('柒元零壹分');
  });

  it('rejects amounts of 10^15 or more, including those that round up to it', () => {
    expect(() => amountToChinese(1e15)).toThrow(RangeError);
    expect(() => amountToChinese('999999999999999.995')).toThrow(RangeError);
  });

  it('rejects negative, non-numeric and non-finite input', () => {
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, '', 'abc', '1e3', '-0.5']) {
      expect(() => amountToChinese(bad)).toThrow(RangeError);
    }
  });
});

// Amount in Chinese capital numerals as written on cheques and invoices, for
// amounts from 0 up to (not including) 10^15 yuan, rounded half-up to the fen.
const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const PLACE_UNITS = ['', '拾', '佰', '仟'];
const MAX_INTEGER_DIGITS = 15;

/** Exact cents from a decimal string, so large amounts do not lose precision to floats. */
function toCents(amount: number | string): bigint {
  const text = typeof amount === 'number' ? (Number.isFinite(amount) ? amount.toFixed(3) : 'NaN') : amount.trim();
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new RangeError(`Not a non-negative amount: ${String(amount)}`);
  const fraction = (match[2] ?? '').padEnd(3, '0');
  const roundUp = Number(fraction[2]) >= 5 ? 1n : 0n;
  return BigInt(match[1]!) * 100n + BigInt(fraction.slice(0, 2)) + roundUp;
}

/** Group unit for the 4-digit group `index` (0 = units); 10^12 reads 万亿 unless 亿 follows. */
function groupUnit(index: number, lowerGroupIsZero: boolean): string {
  if (index === 1) return '万';
  if (index === 2) return '亿';
  if (index === 3) return lowerGroupIsZero ? '万亿' : '万';
  return '';
}

function integerToChinese(digits: string): string {
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 4) groups.unshift(digits.slice(Math.max(0, end - 4), end));
  let out = '';
  let pendingZero = false;
  groups.forEach((group, i) => {
    const index = groups.length - 1 - i;
    group
      .padStart(4, '0')
      .split('')
      .forEach((char, place) => {
        const digit = Number(char);
        if (digit === 0) {
          pendingZero = out !== '';
          return;
        }
        if (pendingZero) out += '零';
        pendingZero = false;
        out += DIGITS[digit]! + PLACE_UNITS[3 - place]!;
      });
    if (Number(group) !== 0) out += groupUnit(index, Number(groups[i + 1] ?? '0') === 0);
  });
  return out;
}

export function amountToChinese(amount: number | string): string {
  const cents = toCents(amount);
  const yuan = (cents / 100n).toString();
  if (yuan.length > MAX_INTEGER_DIGITS) throw new RangeError(`Amount must be below 10^15: ${String(amount)}`);
  const jiao = Number((cents / 10n) % 10n);
  const fen = Number(cents % 10n);
  if (cents === 0n) return '零元整';

  const integer = yuan === '0' ? '' : `${integerToChinese(yuan)}元`;
  if (jiao === 0 && fen === 0) return `${integer}整`;
  let fraction = jiao === 0 ? (integer ? '零' : '') : `${DIGITS[jiao]}角`;
  if (fen !== 0) fraction += `${DIGITS[fen]}分`;
  return integer + fraction;
}

// Proves the field paths of PERSONAL_FIELDS: one level down and through arrays (every element), only strings mapped, the data given left unchanged; and erasedData: only the subject's own events read "[erased]" in their personal fields.
import { describe, expect, it } from 'vitest';
import { ERASED_VALUE, erasedData, fieldValues, mapField } from './personal-data.js';

describe('mapField and fieldValues', () => {
  it('maps a field through an array, every element, strings only, without changing the data given', () => {
    const data = { betId: 'b', evidence: [{ sha256: 'x', filename: 'me.png' }, { sha256: 'y', filename: null }, { sha256: 'z', filename: 'you.png' }] };
    const copy = structuredClone(data);
    const mapped = mapField(data, 'evidence[].filename', (v) => v.toUpperCase());
    expect(mapped).toEqual({ betId: 'b', evidence: [{ sha256: 'x', filename: 'ME.PNG' }, { sha256: 'y', filename: null }, { sha256: 'z', filename: 'YOU.PNG' }] });
    expect(data).toEqual(copy);
    expect(fieldValues(data, 'evidence[].filename')).toEqual(['me.png', 'you.png']);
  });

  it('maps one level down and leaves what is absent or not a string', () => {
    expect(mapField({ changes: { email: 'a@b.c', country: 'NG' } }, 'changes.email', () => 'sealed')).toEqual({ changes: { email: 'sealed', country: 'NG' } });
    expect(mapField({ changes: {} }, 'changes.email', () => 'sealed')).toEqual({ changes: {} });
    expect(mapField({ reason: 42 }, 'reason', () => 'sealed')).toEqual({ reason: 42 });
    expect(mapField({ evidence: 'not an array' }, 'evidence[].filename', () => 'sealed')).toEqual({ evidence: 'not an array' });
    expect(fieldValues({ platformUsername: null }, 'platformUsername')).toEqual([]);
  });
});

describe('erasedData', () => {
  it("erases the subject's personal fields of their own events only", () => {
    const report = { betId: 'b', reporterId: 'u1', result: 'lost', evidence: [{ sha256: 'x', filename: 'me.png' }] };
    expect(erasedData('BetResultReported', report, 'u1')).toEqual({ ...report, evidence: [{ sha256: 'x', filename: ERASED_VALUE }] });
    expect(erasedData('BetResultReported', report, 'u2')).toEqual(report);
    const appeal = { betId: 'b', appellantId: 'u1', reason: 'my goal counted' };
    expect(erasedData('AppealFiled', appeal, 'u1')).toEqual({ ...appeal, reason: ERASED_VALUE });
    expect(erasedData('BetCreated', { challengerId: 'u1', platformUsername: null }, 'u1')).toEqual({ challengerId: 'u1', platformUsername: null });
    expect(erasedData('BetDisputed', { betId: 'b', reason: 'Both players reported a win' }, 'u1')).toEqual({ betId: 'b', reason: 'Both players reported a win' });
  });

  it("erases a pool's name and description under its creator, an entry's FPL team name under its entrant, never the FPL team id", () => {
    const created = { poolId: 'p', creatorId: 'u1', name: "Ada Obi's office pool", description: 'Ada from accounts', entryFee: '5.00' };
    expect(erasedData('PoolCreated', created, 'u1')).toEqual({ ...created, name: ERASED_VALUE, description: ERASED_VALUE });
    expect(erasedData('PoolCreated', created, 'u2')).toEqual(created);
    expect(erasedData('PoolCreated', { ...created, description: null }, 'u1')).toEqual({ ...created, name: ERASED_VALUE, description: null });
    const joined = { poolId: 'p', userId: 'u2', fplTeamId: 4242, fplTeamName: 'Obi FC', paid: '5.10' };
    expect(erasedData('PoolJoined', joined, 'u2')).toEqual({ ...joined, fplTeamName: ERASED_VALUE });
    expect(erasedData('PoolJoined', joined, 'u1')).toEqual(joined);
  });
});

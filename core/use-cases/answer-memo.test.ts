/** The answer memo: value-by-value keys, copies in and out, the oldest answer dropped first. */
import t from 'tap';
import { AnswerMemo, copyOfPlainData, samePlainData } from './answer-memo.js';

t.test('plain data is the same when every key and value is', async (t) => {
  t.ok(samePlainData({ a: [1, { b: 'x' }], c: null }, { c: null, a: [1, { b: 'x' }] }), 'key order does not matter');
  t.ok(samePlainData(Object.assign(Object.create(null) as object, { a: 1 }), { a: 1 }), 'a null-prototype object');
  t.notOk(samePlainData({ a: [1, 2] }, { a: [1, 3] }), 'one element differs');
  t.notOk(samePlainData([1, 2], [1, 2, 3]), 'lengths differ');
  t.notOk(samePlainData([1], { 0: 1 }), 'an array is not an object');
  t.notOk(samePlainData({ 0: 1 }, [1]), 'an object is not an array');
  t.notOk(samePlainData({ a: 1 }, { a: 1, b: 2 }), 'a key more');
  t.notOk(samePlainData({ a: 1, b: 2 }, { a: 1 }), 'a key fewer');
  t.notOk(samePlainData({ a: undefined }, {}), 'an undefined value is not a missing key');
  t.notOk(samePlainData({ a: 1 }, null), 'null');
  t.notOk(samePlainData('1', 1), 'different types');
  t.notOk(samePlainData(Number.NaN, Number.NaN), 'NaN is never the same (asked again: computed again)');
  const when = new Date(0);
  t.ok(samePlainData({ when }, { when }), 'another object: the same when identical');
  t.notOk(samePlainData({ when }, { when: new Date(0) }), 'another object: not compared by value');
});

t.test('a copy of plain data shares nothing but other objects', async (t) => {
  const when = new Date(0);
  const value = { list: [{ a: 1 }, [2, 3]], gone: undefined, when, text: 's' };
  const copy = copyOfPlainData(value);
  t.same(copy, value);
  t.ok(Object.hasOwn(copy, 'gone'), 'an undefined-valued key is kept');
  t.not(copy.list, value.list);
  t.not(copy.list[0], value.list[0]);
  t.equal(copy.when, when, 'a non-plain object is shared');
  t.equal(copyOfPlainData(7), 7);
  t.equal(copyOfPlainData(null), null);
});

t.test('the memo answers a copy for the same data and drops the oldest', async (t) => {
  const memo = new AnswerMemo<object, { n: number[] }>(2);
  t.equal(memo.find({ k: 1 }), undefined, 'nothing kept yet');
  const answer = { n: [1] };
  memo.keep({ k: 1 }, answer);
  answer.n.push(99); // the caller changes what it computed after keeping it
  const found = memo.find({ k: 1 });
  t.same(found, { n: [1] }, 'kept as it was when kept');
  found!.n.push(5); // and changes what it was answered
  t.same(memo.find({ k: 1 }), { n: [1] }, 'a changed answer leaves the kept one as it was');
  t.equal(memo.find({ k: 2 }), undefined, 'other data: not found');
  memo.keep({ k: 2 }, { n: [2] });
  t.same(memo.find({ k: 1 }), { n: [1] }, 'found again: the newest');
  memo.keep({ k: 3 }, { n: [3] });
  t.equal(memo.find({ k: 2 }), undefined, 'the oldest (k 2, not asked since) was dropped');
  t.same(memo.find({ k: 1 }), { n: [1] });
  t.same(memo.find({ k: 3 }), { n: [3] });
  const none = new AnswerMemo<object, number>(0);
  none.keep({ k: 1 }, 1);
  t.equal(none.find({ k: 1 }), undefined, 'a memo of size 0 keeps nothing');
});

import t from 'tap';
import { DddDecodeError } from '../decoder/api.js';
t.test('error carries reason', async (t) => {
  const e = new DddDecodeError('empty', 'x');
  t.equal(e.reason, 'empty');
});

/** The words of a refused value: every 400 names the field, and the allowed values where the schema lists them. */
import t from 'tap';
import { describeError, erroredProperty, queryValidator, strictValidator } from './validation.js';
import { readQuery } from './query-params.js';
import { querySchema } from './query.schema.js';

t.test('a value outside a list is answered with the list', async (t) => {
  const validate = strictValidator({
    type: 'object',
    properties: { kind: { type: 'string', enum: ['LEAVE', 'REST'] }, version: { const: 1 } },
  });
  t.notOk(validate({ kind: 'HOLIDAY' }));
  const [error] = validate.errors!;
  t.equal(erroredProperty(error!), 'kind');
  t.equal(describeError(error!), 'must be one of: LEAVE, REST');
  t.notOk(validate({ version: 2 }));
  t.equal(describeError(validate.errors![0]!), 'must be 1');
  t.ok(queryValidator({ type: 'object' }), 'queries have their own validator');
});

t.test('a query parameter outside its list names the allowed values', async (t) => {
  const url = new URL('http://x/?unknown_as=maybe');
  const error = (() => {
    try {
      readQuery(url, querySchema(['unknown_as']));
    } catch (e) {
      return e as Error;
    }
    return null;
  })();
  t.match(error?.message, /^Query parameter unknown_as must be one of: gap, unknown, rest\.$/);
});

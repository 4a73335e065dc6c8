import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { historyCursor, lowStockCursor, stockLevelCursor } from '../src/domain/catalog/inventory-service.ts';
import { productCursor } from '../src/domain/catalog/product-service.ts';
import { orderCursor } from '../src/domain/orders/order-service.ts';
import { promotionCursor } from '../src/domain/promotions/promotion-service.ts';
import { anyIdCursor, type KeysetCursor, pageOf, tupleCursor } from '../src/domain/shared/pagination.ts';
import { AppError } from '../src/errors.ts';

const RULE = 'must be a nextCursor returned by this list';
/** The answer of the lists that say the cursor is not one we issued (promo ads, zones, audit, reviews, customers, links). */
const NOT_ISSUED = {
  code: 'VALIDATION_FAILED',
  status: 422,
  message: 'The cursor is not one we issued. Use pagination.nextCursor from the previous page.',
  details: [{ path: 'cursor', rule: RULE, in: 'query' }],
};
/** The answer of the lists that refuse it as an invalid query (products, stock lists, orders, promotions). */
const INVALID_QUERY = {
  code: 'VALIDATION_FAILED',
  status: 422,
  message: `The request is not valid: cursor ${RULE}.`,
  details: [{ path: 'cursor', rule: RULE, in: 'query' }],
};

function refuses(cursor: KeysetCursor<unknown>, value: string, expected: typeof NOT_ISSUED | typeof INVALID_QUERY): void {
  assert.throws(
    () => cursor.decode(value),
    (error: unknown) => {
      assert.ok(error instanceof AppError, `${value}: ${String(error)}`);
      assert.deepEqual({ code: error.code, status: error.status, message: error.message, details: error.details }, expected, value);
      return true;
    },
  );
}

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('keyset cursors', () => {
  describe('every list writes its cursor as it was first issued', () => {
    // Cursors handed out before the lists shared one codec, written out byte for byte: they must still read, and a new
    // cursor for the same key must be the same bytes.
    const issued: Array<[string, KeysetCursor<any>, unknown, string]> = [
      ['orders (the bare id)', orderCursor, 'ord_01JZ8Q4M6V0000000000000000', 'b3JkXzAxSlo4UTRNNlYwMDAwMDAwMDAwMDAwMDAw'],
      ['promo ads, zones, audit, reviews, customers, payment links (the bare id)', anyIdCursor, 'pad_01JZ8Q4M6V0000000000000000', 'cGFkXzAxSlo4UTRNNlYwMDAwMDAwMDAwMDAwMDAw'],
      ['products ([sort value, id] as JSON)', productCursor, ['crème brûlée', 'prd_01JZ8Q4M6V0000000000000000'], 'WyJjcsOobWUgYnLDu2zDqWUiLCJwcmRfMDFKWjhRNE02VjAwMDAwMDAwMDAwMDAwMDAiXQ'],
      ['products by creation (an empty sort value)', productCursor, ['', 'prd_01JZ8Q4M6V0000000000000000'], 'WyIiLCJwcmRfMDFKWjhRNE02VjAwMDAwMDAwMDAwMDAwMDAiXQ'],
      ['a SKU history ([id] as JSON)', historyCursor, ['adj_01JZ8Q4M6V0000000000000000'], 'WyJhZGpfMDFKWjhRNE02VjAwMDAwMDAwMDAwMDAwMDAiXQ'],
      ['low stock ([quantity, SKU id] as JSON)', lowStockCursor, [0, 'sku_01JZ8Q4M6V0000000000000000'], 'WzAsInNrdV8wMUpaOFE0TTZWMDAwMDAwMDAwMDAwMDAwMCJd'],
    ];
    for (const [list, cursor, key, bytes] of issued) {
      it(`${list}: encodes the same bytes and reads them back`, () => {
        assert.equal(cursor.encode(key), bytes);
        assert.deepEqual(cursor.decode(bytes), key);
      });
    }

    it('writes what each list wrote before for any key: base64url of the id, or of the JSON array of the key', () => {
      const ids = ['ord_01JZ8Q4M6V0000000000000000', 'ord_7ZZZZZZZZZZZZZZZZZZZZZZZZZ'];
      for (const id of ids) assert.equal(orderCursor.encode(id), base64url(id));
      assert.equal(promotionCursor.encode('prm_01JZ8Q4M6V0000000000000000'), base64url('prm_01JZ8Q4M6V0000000000000000'));
      for (const name of ['', 'a', 'zürich "quoted" \\ back', '日本語', '😀 emoji']) {
        assert.equal(productCursor.encode([name, 'prd_X']), base64url(JSON.stringify([name, 'prd_X'])));
        assert.equal(stockLevelCursor.encode([name, 'sku_X']), base64url(JSON.stringify([name, 'sku_X'])));
        assert.deepEqual(productCursor.decode(productCursor.encode([name, 'prd_X'])), [name, 'prd_X']);
      }
      for (const quantity of [0, 1, 5, 123456]) assert.equal(lowStockCursor.encode([quantity, 'sku_X']), base64url(JSON.stringify([quantity, 'sku_X'])));
      assert.equal(productCursor.encode(['2026-01-01T00:00:00.000', 'prd_X']), base64url('["2026-01-01T00:00:00.000","prd_X"]'));
    });
  });

  describe('refuses a cursor the list did not issue with its 422', () => {
    it('an id list that takes any id: garbage, an empty cursor, a JSON key, an id of a bad shape', () => {
      for (const value of ['garbage', 'nope', '', '@@@', historyCursor.encode(['adj_01JZ8Q4M6V0000000000000000']), base64url('ord_01JZ8Q4M6V000000000000000'), base64url('ORD_01JZ8Q4M6V0000000000000000')]) {
        refuses(anyIdCursor, value, NOT_ISSUED);
      }
    });

    it('the order and promotion lists: garbage, and an id of another kind', () => {
      for (const value of ['zzz', '', base64url('prm_01JZ8Q4M6V0000000000000000')]) refuses(orderCursor, value, INVALID_QUERY);
      for (const value of ['zzz', base64url('ord_01JZ8Q4M6V0000000000000000')]) refuses(promotionCursor, value, INVALID_QUERY);
    });

    it('the tuple lists: not JSON, not an array, too few parts, a part of the wrong type', () => {
      const bad = (key: unknown) => base64url(JSON.stringify(key));
      for (const value of ['@@@', 'nope', '', bad(null), bad({ value: 'a', id: 'b' }), bad('ab'), bad(['a']), bad([1, 'prd_X']), bad(['a', 2])]) refuses(productCursor, value, INVALID_QUERY);
      for (const value of ['nope', bad([]), bad([1]), bad('adj_X')]) refuses(historyCursor, value, INVALID_QUERY);
      for (const value of ['nope', bad(['1', 'sku_X']), bad([1]), bad([1, 2])]) refuses(lowStockCursor, value, INVALID_QUERY);
      for (const value of ['nope', bad([1, 'sku_X']), bad(['a'])]) refuses(stockLevelCursor, value, INVALID_QUERY);
    });

    it('reads the leading parts of a longer array, as the tuple lists always did', () => {
      assert.deepEqual(productCursor.decode(base64url(JSON.stringify(['a', 'prd_X', 'more']))), ['a', 'prd_X']);
      assert.deepEqual(tupleCursor(['number'], { refusal: 'query' }).decode(base64url('[3,"x"]')), [3]);
    });
  });

  describe('pageOf', () => {
    const rows = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    const cursorOf = (last: { id: string }) => `after:${last.id}`;

    it('keeps `limit` rows and gives the cursor of the last one kept when a row beyond them came', () => {
      assert.deepEqual(pageOf(rows, 2, cursorOf), { items: [{ id: 'a' }, { id: 'b' }], nextCursor: 'after:b' });
    });

    it('gives no cursor on the last page (as many rows as the limit, or fewer, or none)', () => {
      assert.deepEqual(pageOf(rows, 3, cursorOf), { items: rows, nextCursor: null });
      assert.deepEqual(pageOf(rows, 10, cursorOf), { items: rows, nextCursor: null });
      assert.deepEqual(pageOf([], 10, cursorOf), { items: [], nextCursor: null });
    });

    it('writes the cursor only when more follow, and an async one as a promise', async () => {
      let asked = 0;
      const counted = (last: { id: string }) => {
        asked += 1;
        return cursorOf(last);
      };
      pageOf(rows, 3, counted);
      assert.equal(asked, 0);
      const page = pageOf(rows, 1, async (last) => cursorOf(last));
      assert.equal(await page.nextCursor, 'after:a');
      assert.equal(await pageOf(rows, 3, async (last) => cursorOf(last)).nextCursor, null);
    });
  });
});

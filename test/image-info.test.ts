import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanOriginalName } from '../src/domain/files/file-service.ts';
import { readImageSize, sniffImageType } from '../src/domain/files/image-info.ts';
import { IMAGES } from './helpers/images.ts';

function jpegWith(...segments: Buffer[]): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xd8]), ...segments, Buffer.from([0xff, 0xd9])]);
}
function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}
function sof(marker: number, width: number, height: number): Buffer {
  const payload = Buffer.alloc(6);
  payload[0] = 8;
  payload.writeUInt16BE(height, 1);
  payload.writeUInt16BE(width, 3);
  payload[5] = 1;
  return segment(marker, payload);
}

describe('image type and size from the bytes', () => {
  for (const [name, type, width, height] of [
    ['jpeg', 'image/jpeg', 3, 2],
    ['png', 'image/png', 3, 2],
    ['webp', 'image/webp', 3, 2],
    ['gif', 'image/gif', 3, 2],
    ['webpLossy1x1', 'image/webp', 1, 1],
    ['webpLossless1x1', 'image/webp', 1, 1],
  ] as const) {
    it(`reads ${name} as ${type}, ${width}×${height}`, () => {
      const bytes = IMAGES[name];
      assert.equal(sniffImageType(bytes), type);
      assert.deepEqual(readImageSize(type, bytes), { width, height });
    });
  }

  it('reads large dimensions of each format', () => {
    const png = Buffer.alloc(33);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(png);
    png.write('IHDR', 12, 'latin1');
    png.writeUInt32BE(70000, 16);
    png.writeUInt32BE(480, 20);
    assert.deepEqual(readImageSize('image/png', png), { width: 70000, height: 480 });

    const gif = Buffer.from('GIF87a\x00\x00\x00\x00', 'latin1');
    gif.writeUInt16LE(65535, 6);
    gif.writeUInt16LE(300, 8);
    assert.equal(sniffImageType(gif), 'image/gif');
    assert.deepEqual(readImageSize('image/gif', gif), { width: 65535, height: 300 });

    const vp8x = Buffer.alloc(30);
    vp8x.write('RIFF', 0, 'latin1');
    vp8x.write('WEBP', 8, 'latin1');
    vp8x.write('VP8X', 12, 'latin1');
    vp8x.writeUIntLE(16383 - 1, 24, 3);
    vp8x.writeUIntLE(9000 - 1, 27, 3);
    assert.deepEqual(readImageSize('image/webp', vp8x), { width: 16383, height: 9000 });
  });

  it('walks JPEG segments to the frame header, progressive included, past metadata of any size', () => {
    const exif = segment(0xe1, Buffer.alloc(60_000, 0x41));
    const progressive = jpegWith(segment(0xe0, Buffer.from('JFIF\0')), exif, segment(0xe1, Buffer.alloc(20_000)), sof(0xc2, 4032, 3024));
    assert.equal(sniffImageType(progressive), 'image/jpeg');
    assert.deepEqual(readImageSize('image/jpeg', progressive), { width: 4032, height: 3024 });
    assert.equal(readImageSize('image/jpeg', progressive.subarray(0, 64 * 1024)), null, 'the frame header is past the first 64 KiB');
    // DHT (c4) is not a frame header even though it sits in the SOF range.
    const withTables = jpegWith(segment(0xc4, Buffer.alloc(20)), sof(0xc0, 640, 480));
    assert.deepEqual(readImageSize('image/jpeg', withTables), { width: 640, height: 480 });
  });

  it('finds no size in a damaged or truncated header', () => {
    assert.equal(readImageSize('image/jpeg', jpegWith(segment(0xda, Buffer.alloc(4)))), null, 'scan data before a frame header');
    assert.equal(readImageSize('image/jpeg', jpegWith(sof(0xc0, 0, 480))), null, 'zero width');
    assert.equal(readImageSize('image/png', IMAGES.png.subarray(0, 20)), null);
    assert.equal(readImageSize('image/gif', IMAGES.gif.subarray(0, 8)), null);
    assert.equal(readImageSize('image/webp', IMAGES.webpLossy1x1.subarray(0, 24)), null);
  });

  it('recognises none of the four in other bytes, whatever they are called', () => {
    for (const bytes of [
      Buffer.from('hello, I am a text file named photo.png\n'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('%PDF-1.7\n'),
      Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'),
      Buffer.from('BM'),
      Buffer.alloc(0),
      IMAGES.png.subarray(0, 7),
    ]) {
      assert.equal(sniffImageType(bytes), null, JSON.stringify(bytes.subarray(0, 12).toString('latin1')));
    }
  });
});

describe('original file names', () => {
  it('keeps the base name only, without control characters, at most 255 characters', () => {
    assert.equal(cleanOriginalName('C:\\fakepath\\shoe.png'), 'shoe.png');
    assert.equal(cleanOriginalName('../../etc/passwd'), 'passwd');
    assert.equal(cleanOriginalName('a\u0000b\nc.jpg'), 'abc.jpg');
    assert.equal(cleanOriginalName('  '), null);
    assert.equal(cleanOriginalName(null), null);
    assert.equal(cleanOriginalName(`${'x'.repeat(300)}.png`)?.length, 255);
  });
});

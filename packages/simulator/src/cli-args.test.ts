// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseCli } from './cli-args';

describe('command line', () => {
  it('reads every option', () => {
    const o = parseCli(
      '--url http://localhost:3000/ --tracking-id trk_abc123 --origin https://shop.example/x --visitors 200 --rate 5 --seed 42 --persona skeptic,optimizer --persona Skeptic --backfill-days 7 --truth t.csv'.split(
        ' ',
      ),
    );
    expect(o).toMatchObject({
      url: 'http://localhost:3000',
      trackingId: 'trk_abc123',
      origin: 'https://shop.example',
      visitors: 200,
      rate: 5,
      seed: 42,
      personas: ['Skeptic', 'Optimizer'],
      backfillDays: 7,
      truth: 't.csv',
    });
    expect(o.configuration.id).toBe('default');
  });

  it('reads a configuration', () => {
    const o = parseCli(
      '--tracking-id trk_a --site home-goods --pace 0.5 --scroll-speed 1.8 --pointer-rate 0.4 --touch-share 1 --timing-noise 0.5'.split(
        ' ',
      ),
    );
    expect(o.configuration).toEqual({
      id: 'home-goods-pace0.5-scroll1.8-pointer0.4-touch1-noise0.5',
      site: 'home-goods',
      pace: 0.5,
      scrollSpeed: 1.8,
      pointerRate: 0.4,
      touchShare: 1,
      timingNoise: 0.5,
    });
  });

  it.each([
    ['--visitors 0 --tracking-id trk_a', /--visitors must be a whole number from 1/],
    ['--visitors ten --tracking-id trk_a', /--visitors .*"ten"/],
    ['--rate=-1 --tracking-id trk_a', /--rate must be a number from 0/],
    ['--backfill-days 8 --tracking-id trk_a', /--backfill-days must be a number from 0 to 7/],
    ['--persona Dreamer --tracking-id trk_a', /--persona "Dreamer" is not one of Fast-Mover/],
    ['--url localhost:3000 --tracking-id trk_a', /--url must be/],
    ['--origin shop.example --tracking-id trk_a', /--origin must be/],
    ['--tracking-id abc', /--tracking-id must look like trk_/],
    ['--email a@b.example', /--password is required with --email/],
    ['', /pass --tracking-id, or --email and --password/],
    ['--tracking-id trk_a --speed 3', /--speed/],
    ['--tracking-id trk_a --site bank', /--site "bank" is not one of trail-shop, saas/],
    ['--tracking-id trk_a --pace 2', /--pace must be a number from 0.5 to 1.6/],
    ['--tracking-id trk_a --touch-share lots', /--touch-share must be a number from 0 to 1/],
    ['--tracking-id trk_a --timing-noise 0.9', /--timing-noise must be a number from 0 to 0.5/],
  ])('names the wrong option: %s', (args, message) => {
    expect(() => parseCli(args ? args.split(' ') : [])).toThrow(message);
  });
});

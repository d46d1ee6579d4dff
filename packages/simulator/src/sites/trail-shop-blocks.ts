import { type Block, cta, field, pageBuilder, tracked } from '../site-builder';

// The trail shop's brand and recurring blocks.

/** Lays out a page of the trail shop (titles end in its brand). */
export const page = pageBuilder('Northwind Trail Co.');

/** The newsletter sign-up block. */
export const newsletter = (id: string): Block => ({
  t: 'form',
  id,
  kind: 'newsletter',
  heading: 'Trail notes, once a week',
  fields: [field('email', 'E-mail', 'email')],
  submit: 'Subscribe',
});
/** The guarantee badge (a hoverable CTA). */
export const guaranteeBadge = (id: string) => cta(id, 'guarantee', '100-day run-it guarantee');
/** A testimonial block linking to the reviews page. */
export const reviewsBlock = (id: string, h = 420) =>
  tracked('testimonial', id, '"Best trail shoe I have owned"', '4.8 out of 5 from 2,314 verified runners.', h, [
    cta(`${id}-more`, 'read-more', 'Read all reviews', '/reviews'),
  ]);

import type { TrackingFeature } from '@ri/contracts';

/** A person's name for each capture feature and one line on what it records. */
export const FEATURE_LABELS: Record<TrackingFeature, { label: string; about: string }> = {
  page_view_tracking: {
    label: 'Page views',
    about: 'Each page a visitor opens, including single-page app navigation.',
  },
  click_tracking: { label: 'Clicks', about: 'Clicks on links, buttons and calls to action, and rage clicks.' },
  scroll_tracking: { label: 'Scroll depth', about: 'How far down each page visitors scroll, and how fast.' },
  form_tracking: { label: 'Form interactions', about: 'Focus, submit and abandonment of forms; never what was typed.' },
  cta_hover_tracking: { label: 'CTA hovers', about: 'How long visitors hover over calls to action before clicking.' },
  mouse_movement_tracking: { label: 'Mouse movement', about: 'Sampled pointer movement and distance travelled.' },
  viewport_engagement: { label: 'Viewport engagement', about: 'Time marked elements (data-ri-track) spend on screen.' },
  hesitation_detection: {
    label: 'Hesitation detection',
    about: 'Hovering without clicking and scrolling back and forth.',
  },
  behavioral_signals: {
    label: 'Behavioural signals',
    about: 'Page summaries that feed readiness and profile scoring.',
  },
};

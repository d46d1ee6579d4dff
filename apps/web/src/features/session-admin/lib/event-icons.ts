import {
  BadgeDollarSign,
  Circle,
  Eye,
  FileInput,
  Flame,
  Hourglass,
  LogOut,
  type LucideIcon,
  MousePointer,
  MousePointerClick,
  Move,
  ScanEye,
  ScrollText,
  Sparkles,
} from 'lucide-react';

/** An icon and a readable name per recorded event type; unknown types fall back to their raw name. */
const EVENT_TYPES: Record<string, { icon: LucideIcon; label: string }> = {
  page_view: { icon: Eye, label: 'Page view' },
  click: { icon: MousePointerClick, label: 'Click' },
  rage_click: { icon: Flame, label: 'Rage click' },
  scroll: { icon: ScrollText, label: 'Scroll' },
  hover: { icon: MousePointer, label: 'Hover' },
  cta_hover: { icon: MousePointer, label: 'CTA hover' },
  form_interaction: { icon: FileInput, label: 'Form interaction' },
  mouse_movement: { icon: Move, label: 'Mouse movement' },
  viewport: { icon: ScanEye, label: 'In view' },
  hesitation: { icon: Hourglass, label: 'Hesitation' },
  page_hide: { icon: LogOut, label: 'Page left' },
  conversion: { icon: BadgeDollarSign, label: 'Conversion' },
  custom: { icon: Sparkles, label: 'Custom event' },
};

export function describeEventType(type: string): { icon: LucideIcon; label: string } {
  return EVENT_TYPES[type] ?? { icon: Circle, label: type };
}

import {
  Activity,
  Code,
  Gauge,
  LayoutDashboard,
  type LucideIcon,
  Megaphone,
  Network,
  Plug,
  ScanEye,
  ShieldCheck,
  SquareTerminal,
  Target,
  Users,
} from 'lucide-react';

export type NavItem = { label: string; to: string; icon: LucideIcon };

export const MAIN_NAV: readonly NavItem[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboard },
  { label: 'Conversion Spy Engine', to: '/conversion-spy-engine', icon: ScanEye },
  { label: 'Behavioral Signals', to: '/behavioral-signals', icon: Activity },
  { label: 'Ad Intelligence', to: '/ad-intelligence', icon: Megaphone },
  { label: 'Customer Intelligence', to: '/customer-intelligence', icon: Users },
  { label: 'Revenue Strategist', to: '/revenue-strategist', icon: Target },
  { label: 'Integrations', to: '/integrations', icon: Plug },
];

export const DEV_NAV: readonly NavItem[] = [
  { label: 'Dev Monitoring', to: '/dev-monitoring', icon: Gauge },
  { label: 'Data Map', to: '/data-map', icon: Network },
  { label: 'Prompts Editor', to: '/prompts-editor', icon: SquareTerminal },
  { label: 'Session Admin', to: '/admin', icon: ShieldCheck },
  { label: 'Tracking Script', to: '/tracking-script', icon: Code },
];

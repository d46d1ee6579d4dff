import type { LiveConnection } from '../hooks/use-live-session-updates';

const states: Record<LiveConnection, { text: string; dot: string; title: string }> = {
  connecting: {
    text: 'Connecting…',
    dot: 'bg-slate-400',
    title: 'Opening the live connection; the list also refreshes every 30 seconds.',
  },
  connected: {
    text: 'Live',
    dot: 'bg-emerald-500 animate-pulse motion-reduce:animate-none',
    title: 'Connected: scores update as visitors act.',
  },
  reconnecting: {
    text: 'Reconnecting…',
    dot: 'bg-amber-500',
    title: 'The live connection dropped and is being restored; meanwhile the list refreshes every 30 seconds.',
  },
};

/** Whether pushed updates are arriving: a green pulsing Live, or Reconnecting while the stream is down. */
export function LiveIndicator({ connection }: { connection: LiveConnection }) {
  const state = states[connection];
  return (
    <span
      role="status"
      title={state.title}
      className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white px-2.5 py-1 text-xs font-medium text-slate-700"
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${state.dot}`} />
      {state.text}
    </span>
  );
}

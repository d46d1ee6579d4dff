import { NEUROMIND_MEANINGS, type NeuromindProfile } from '@ri/contracts';
import { formatShare } from '../../lib/format';

// Keyed by the contracts' profile type, so a renamed or added profile fails the build until it has a colour.
const profileTones: Record<NeuromindProfile, string> = {
  'Fast-Mover': 'bg-sky-100 text-sky-800',
  'Proof-Driven': 'bg-violet-100 text-violet-800',
  Reassurer: 'bg-teal-100 text-teal-800',
  Skeptic: 'bg-orange-100 text-orange-800',
  Optimizer: 'bg-lime-100 text-lime-800',
  'Authority-Seeker': 'bg-indigo-100 text-indigo-800',
  'Experience-First': 'bg-pink-100 text-pink-800',
};

type Props = {
  profile: NeuromindProfile;
  /** The classifier's probability for this profile, in [0, 1], shown as a percentage when given. */
  confidence?: number;
};

/**
 * One of the seven Neuromind profiles as a coloured pill. Its meaning is the hover title and is also
 * read out by screen readers, so it reaches people who cannot hover.
 */
export function ProfileBadge({ profile, confidence }: Props) {
  const meaning = NEUROMIND_MEANINGS[profile];
  return (
    <span
      title={`${profile}: ${meaning}`}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${profileTones[profile]}`}
    >
      <span>{profile}</span>
      {confidence !== undefined && <span className="tabular-nums opacity-75">{formatShare(confidence)}</span>}
      <span className="sr-only">: {meaning}</span>
    </span>
  );
}

import { Link, type LinkProps } from 'react-router';
import { focusRing } from '../../lib/focus-ring';

type Variant = 'primary' | 'secondary';

// A link carries no disabled state or shadow, so these are not Button's variants.
const variants: Record<Variant, string> = {
  primary: 'bg-indigo-600 text-white hover:bg-indigo-700',
  secondary: 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
};

/** A link to another screen drawn as a button, for a call to action that navigates. */
export function ButtonLink({ variant = 'primary', className = '', ...props }: LinkProps & { variant?: Variant }) {
  return (
    <Link
      className={`inline-flex rounded-lg px-4 py-2 text-sm font-medium ${variants[variant]} ${focusRing} ${className}`}
      {...props}
    />
  );
}

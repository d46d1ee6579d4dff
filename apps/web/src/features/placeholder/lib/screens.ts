/** Screens still to be built: their title and one honest sentence about what each will show. */
export const PLACEHOLDER_SCREENS = {
  dashboard: {
    title: 'Revenue Superintelligence Dashboard',
    about:
      'It will compare your revenue, conversion rate and average order value with your goals and show the six intelligence modules, computed from your connected data.',
  },
  'conversion-spy-engine': {
    title: 'Conversion Spy Engine',
    about:
      'It will list live visitor sessions recorded by your tracking script, each with its readiness score, behavioural profile and key signals.',
  },
  'behavioral-signals': {
    title: 'Behavioral Signal Graph',
    about: 'It will show the signals your visitors emit, the patterns they form and how visitors move between them.',
  },
  'ad-intelligence': {
    title: 'Ad Intelligence',
    about:
      'It will show spend, conversions, ROAS and CTR by channel, campaign and creative from your connected ad platforms.',
  },
  'customer-intelligence': {
    title: 'Customer Intelligence',
    about:
      'It will show your customer profiles, Neuromind profile segments and lifetime value from tracked visits and your CRM.',
  },
  customer: {
    title: 'Customer Intelligence',
    about:
      'It will show customer {id}: lifetime value, conversion probability, sessions, churn risk and behavioural traits.',
  },
  'revenue-strategist': {
    title: 'Revenue Strategist Engine',
    about:
      'It will show strategic recommendations, small compounding actions, revenue simulations and market insights, each citing the data behind it.',
  },
  'dev-monitoring': {
    title: 'System Health & Metrics',
    about: 'It will show the health, response times and resource use of the running system.',
  },
  'data-map': {
    title: 'Data Flow Architecture',
    about: 'It will map how data flows from tracking and integrations through the engines to each screen.',
  },
  'prompts-editor': {
    title: 'Prompts Editor',
    about:
      'It will let you test and compare prompts; runs go through the server, so no provider key reaches your browser.',
  },
} as const;

export type PlaceholderScreenId = keyof typeof PLACEHOLDER_SCREENS;

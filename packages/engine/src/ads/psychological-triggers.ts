/**
 * Psychological triggers read from a creative's texts (headline, primary text, description, call to action)
 * by the keyword and pattern rules of PSYCHOLOGICAL_TRIGGER_RULES, English only. A trigger is reported once,
 * with the first phrase that matched it (texts in the order given, then the rule's patterns in order), in the
 * table's order. No match gives an empty list: a creative is never assumed to use a trigger it does not show.
 *
 * Matching is case-insensitive on whole words; typographic apostrophes read as straight ones, and the
 * evidence is the phrase as written in the text. The platforms' stock calls to action ("Shop now", "Learn
 * more", "Buy now") are deliberately not urgency: nearly every ad carries one, so they tell ads nothing apart.
 * Single words such as "new", "sale" or "easy" can match in a sense the writer did not mean; the evidence
 * shows which phrase was read so a person can judge.
 */

/** One trigger: its name, what it means and the patterns that show it. */
export type PsychologicalTriggerRule = {
  readonly trigger: string;
  readonly meaning: string;
  readonly patterns: readonly RegExp[];
};

const N = String.raw`\d[\d,.]*\s*[km+]?\+?`;
/** A whole-word, case-insensitive pattern written as a raw template: rx`a|b` matches "a" or "b" between non-word characters. */
const rx = (strings: TemplateStringsArray, ...values: string[]): RegExp =>
  new RegExp(String.raw`(?<![\w])(?:${String.raw(strings, ...values)})(?![\w])`, 'i');

/** The documented rules, in the order triggers are reported (docs/ad-intelligence-rules.md lists them). */
export const PSYCHOLOGICAL_TRIGGER_RULES: readonly PsychologicalTriggerRule[] = [
  {
    trigger: 'Urgency',
    meaning: 'a deadline: act before time runs out',
    patterns: [
      rx`today only|last chance|limited[- ]time|hurry|act (?:now|fast|today)|don't wait|now or never`,
      rx`ends? (?:today|tonight|tomorrow|soon|at midnight|this week(?:end)?)|(?:offer |deal |sale )?expires? (?:soon|today|tonight|at midnight|in \d+)`,
      rx`(?:only |just )?\d+ (?:hours?|days?) left|final hours|countdown|deadline`,
    ],
  },
  {
    trigger: 'Scarcity',
    meaning: 'a short supply: few are left',
    patterns: [
      rx`only \d+ left|(?:few|\d+) (?:left|remaining) in stock|while (?:stocks?|supplies) last`,
      rx`limited (?:stock|edition|supply|quantit(?:y|ies)|spots?|seats?|availability|run)|almost (?:gone|sold out)`,
      rx`selling (?:fast|out)|low stock|sold out|few (?:left|spots|seats)`,
    ],
  },
  {
    trigger: 'Social Proof',
    meaning: 'others like the reader already chose it',
    patterns: [
      rx`${N} (?:happy |satisfied )?(?:customers|users|people|members|clients|businesses|brands|teams|buyers|reviews|downloads|sold)`,
      rx`trusted by|join (?:over |more than )?(?:thousands|millions|${N})|loved by|best[- ]?sell(?:er|ing)|most popular`,
      rx`\d(?:\.\d)?[- ]?stars?|five[- ]stars?|★+|rated \d[\d.]*|top[- ]rated|\d+% of (?:customers|users|people)|customers love|reviews`,
    ],
  },
  {
    trigger: 'Authority',
    meaning: 'experts, credentials or the press vouch for it',
    patterns: [
      rx`(?:doctors?|dermatologists?|experts?|scientists?|engineers?|nutritionists?)[- ](?:recommended|approved|designed|developed|backed|trusted)`,
      rx`clinically (?:proven|tested)|scientifically (?:proven|backed)|certified|accredited|award[- ]winning|patented`,
      rx`as seen (?:on|in)|featured in|recommended by|endorsed by|official|industry[- ]leading|#1|number one|experts?`,
    ],
  },
  {
    trigger: 'Reciprocity',
    meaning: 'a gift first: something free before buying',
    patterns: [
      rx`free (?:gift|trial|sample|samples|shipping|delivery|guide|e-?book|consultation|download|demo|class|lesson|quote|audit|bonus)`,
      rx`(?:bonus|complimentary|on the house|on us|gift with purchase)`,
    ],
  },
  {
    trigger: 'Risk Reversal',
    meaning: 'nothing to lose: guarantees and easy exits',
    patterns: [
      rx`money[- ]back|guaranteed?|risk[- ]free|no risk|free returns|easy returns|cancel any ?time`,
      rx`no (?:commitment|obligation|contract|credit card(?: required)?|strings attached|questions asked)`,
    ],
  },
  {
    trigger: 'Value',
    meaning: 'a better price than expected: discounts and anchors',
    patterns: [
      rx`\d+ ?% off|save (?:up to )?(?:[$€£¥]\s?\d[\d,.]*|\d+ ?%)|half price|buy one,? get one|bogo|\d+ for \d+|was [$€£¥]?\d[\d.,]* now`,
      rx`discount(?:ed)?|(?:on )?sale|clearance|deals?|bargain|lowest price|price drop|coupon|promo code`,
    ],
  },
  {
    trigger: 'Exclusivity',
    meaning: 'belonging to a select few',
    patterns: [
      rx`exclusive(?:ly)?|members?[- ]only|invite[- ]only|invitation only|by invitation|vip|early access|insiders?|private (?:sale|access|event)`,
    ],
  },
  {
    trigger: 'Curiosity',
    meaning: 'a gap the reader wants closed',
    patterns: [
      rx`secrets?|revealed|the truth about|you won't believe|find out|little[- ]known|what (?:\w+ ){0,3}(?:don't|doesn't|won't) (?:know|tell|want)`,
      rx`discover|the (?:one|real) reason|here's why|why (?:\w+ ){0,4}(?:fail|love|switch)`,
    ],
  },
  {
    trigger: 'Loss Aversion',
    meaning: 'what the reader loses by not acting',
    patterns: [
      rx`don't miss(?: out)?|miss out|before it's gone|stop (?:losing|wasting|paying)|losing (?:money|customers|sales)|you're missing`,
      rx`never (?:miss|lose|overpay)|without (?:losing|the risk)|what you're leaving on the table`,
    ],
  },
  {
    trigger: 'Novelty',
    meaning: 'something new',
    patterns: [
      rx`brand[- ]new|all[- ]new|introducing|just (?:launched|landed|dropped|arrived|released)|new arrivals?|first[- ]ever|now available|new`,
    ],
  },
  {
    trigger: 'Ease',
    meaning: 'little effort: simple, quick, done for you',
    patterns: [
      rx`in (?:just |only |under )?\d+ (?:minutes?|mins?|seconds?|steps?|clicks?|days?)|easy|effortless(?:ly)?|simple|hassle[- ]free|no hassle`,
      rx`done[- ]for[- ]you|set (?:it )?and forget|one[- ]click|plug[- ]and[- ]play|ready[- ]to[- ]use|no (?:experience|skills?) (?:needed|required)`,
    ],
  },
];

/** Psychological triggers in a creative's texts by PSYCHOLOGICAL_TRIGGER_RULES, each with the phrase that matched. */
export function psychologicalTriggers(
  texts: readonly (string | null | undefined)[],
  rules: readonly PsychologicalTriggerRule[] = PSYCHOLOGICAL_TRIGGER_RULES,
): { trigger: string; evidence: string }[] {
  const written = texts.filter((t): t is string => typeof t === 'string' && t.trim() !== '');
  const found: { trigger: string; evidence: string }[] = [];
  for (const rule of rules) {
    const evidence = firstMatch(written, rule.patterns);
    if (evidence !== null) found.push({ trigger: rule.trigger, evidence });
  }
  return found;
}

function firstMatch(texts: readonly string[], patterns: readonly RegExp[]): string | null {
  for (const text of texts) {
    // Same length, so a match's indexes point at the same characters in the text as written.
    const plain = text.replace(/[\u2018\u2019\u02bc]/g, "'");
    for (const pattern of patterns) {
      const m = pattern.exec(plain);
      if (m) return text.slice(m.index, m.index + m[0].length).trim();
    }
  }
  return null;
}

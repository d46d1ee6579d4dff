import type { Page } from '../site';
import { cta, field, mark, pageBuilder, text } from '../site-builder';

// Brightpath's success stories, refund and help pages, instructors and accreditation, lessons and blog.

/** Lays out a page of Brightpath. */
export const brightpathPage = pageBuilder('Brightpath');
const page = brightpathPage;

/** Stories, refunds and help, instructors and accreditation, the free lesson and trial, blog and terms. */
export const COURSES_CONTENT: Page[] = [
  page('/success-stories', 'proof', 'Success stories', [
    mark('stat', 'outcomes-data', '78% changed careers within a year', 'Graduate survey 2024, 4,800 answers.', 340),
    mark(
      'testimonial',
      'graduate-quote-nurse',
      '"From night shifts to dashboards"',
      'Ama, nurse turned data analyst.',
      480,
      [cta('story-ama', 'read-more', 'Read Ama’s story', '/success-stories/from-nurse-to-analyst')],
    ),
    mark('testimonial', 'graduate-quote-teacher', '"I design apps for schools now"', 'Rohan, former teacher.', 480),
    mark('testimonial', 'trustpilot-rating', 'Excellent on Trustpilot', '4.8 from 9,300 students.', 260),
  ]),
  page('/success-stories/from-nurse-to-analyst', 'proof', 'From nurse to analyst', [
    text('Where Ama started', 'Twelve-hour shifts and a spreadsheet habit.', 700),
    mark('stat', 'salary-figures', '+42% salary', 'First analyst role, eight months after enrolling.', 300),
    text('How she studied', 'Six hours a week, mentor calls on Sundays.', 860),
    mark('testimonial', 'mentor-quote', '"Her portfolio did the talking"', 'Her mentor, Lars.', 340),
  ]),
  page('/refund-policy', 'reassurance', 'Refund policy', [
    mark(
      'guarantee',
      'refund-guarantee',
      '14-day money-back guarantee',
      'Full refund, even after the first module.',
      420,
      [cta('refund-badge', 'guarantee', 'Money-back guarantee')],
    ),
    mark('policy', 'claim-policy', 'How to ask', 'One e-mail; money back in 5 days.', 480),
    text('Job guarantee', 'Complete the course, no job in 6 months: tuition back.', 420, [
      cta('refund-q-job', 'faq-toggle', 'What counts as a job?'),
      cta('refund-q-pause', 'faq-toggle', 'Can I pause my studies?'),
    ]),
  ]),
  page('/help/studying', 'reassurance', 'Studying with us: help', [
    text('Before you enroll', 'Time, equipment and support.', 300, [
      cta('study-q-hours', 'faq-toggle', 'How many hours a week?'),
      cta('study-q-laptop', 'faq-toggle', 'Which laptop do I need?'),
      cta('study-q-maths', 'faq-toggle', 'Do I need maths?'),
    ]),
    mark('policy', 'deadline-policy', 'Flexible deadlines', 'Move any deadline up to three times.', 380),
    {
      t: 'form',
      id: 'advisor-question',
      kind: 'question',
      heading: 'Ask an advisor',
      fields: [field('email', 'E-mail', 'email'), field('goal', 'What do you want to learn?', 'textarea')],
      submit: 'Ask',
    },
  ]),
  page(
    '/instructors',
    'authority',
    'Instructors',
    [
      mark('team', 'instructor-bio-lars', 'Lars Øberg', 'Ex-Spotify data lead; 9 years teaching.', 420, [
        cta('lars-credentials', 'credential', 'Publications and talks'),
      ]),
      mark('team', 'instructor-bio-mei', 'Mei Tanaka', 'Design director, author of two UX books.', 420),
      mark('team', 'expert-panel', 'Industry panel', 'Hiring managers who review the syllabus yearly.', 360),
    ],
    'Meet the team: our instructors | Brightpath',
  ),
  page('/accreditation', 'authority', 'Accreditation', [
    mark(
      'credential',
      'accreditation-credentials',
      'Accredited by the Open Skills Council',
      'Every course, audited.',
      400,
      [cta('accreditation-seal', 'credential', 'View accreditation')],
    ),
    mark('credential', 'university-certification', 'Credit-bearing', '30 credits towards a partner degree.', 360),
    mark('press', 'edtech-award', 'Awards', 'EdTech Awards: best career course 2024.', 300),
  ]),
  page(
    '/free-lesson',
    'experience',
    'Free lesson',
    [
      mark('video', 'lesson-video', 'Lesson 1: your first pivot table', '22 minutes with Lars.', 620, [
        cta('lesson-play', 'play-video', 'Watch the lesson'),
      ]),
      text('Try the exercise', 'A real dataset in the browser.', 460, [
        cta('lesson-sandbox', 'interactive', 'Open the exercise'),
        cta('lesson-quiz', 'interactive', 'Take the quiz'),
      ]),
      text('Liked it?', 'Seven days of everything, free.', 260, [
        cta('lesson-trial', 'start-trial', 'Try free for 7 days', '/try-free'),
      ]),
    ],
    'Watch a free lesson | Brightpath',
  ),
  page('/try-free', 'experience', 'Try free for 7 days', [
    {
      t: 'form',
      id: 'free-week-form',
      kind: 'trial',
      heading: 'Start learning today',
      fields: [
        field('name', 'First name'),
        field('email', 'E-mail', 'email'),
        field('password', 'Choose a password', 'password'),
      ],
      submit: 'Start my free week',
      to: '/try-free/welcome',
      conversion: { name: 'free_week' },
    },
    mark('testimonial', 'trial-review', '"The first week hooked me"', 'Student, UX course.', 300),
  ]),
  page('/blog/how-to-switch-careers-into-data', 'blog', 'How to switch careers into data', [
    mark('author', 'author-bio-lars', 'By Lars Øberg', 'Data lead and instructor.', 260),
    text('Step 1: pick your first tool', 'SQL before Python, usually.', 1300),
    mark('stat', 'hiring-data', 'What employers ask for', '71% of junior listings name SQL.', 380),
    text('Step 2: build three projects', 'And write about them.', 900, [
      cta('blog-course', 'read-more', 'The Data Analysis course', '/courses/data-analysis'),
    ]),
  ]),
  page('/blog/portfolio-tips-for-designers', 'blog', 'Portfolio tips for new designers', [
    mark('author', 'author-bio-mei', 'By Mei Tanaka', 'Design director.', 260),
    text('Show your process', 'Hiring managers read the middle, not the mock-ups.', 1500),
    {
      t: 'form',
      id: 'blog-newsletter',
      kind: 'newsletter',
      heading: 'One career tip a week',
      fields: [field('email', 'E-mail', 'email')],
      submit: 'Subscribe',
    },
  ]),
  page('/legal/student-terms', 'terms', 'Student terms', [
    mark('policy', 'terms-enrolment', 'Enrolment and payment', 'Instalments, cancellations and deferrals.', 1500),
    text('Conduct and certificates', 'Academic honesty and how certificates are issued.', 1200),
  ]),
];

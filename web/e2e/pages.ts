/** The public pages the tests visit, with the real h1 and key links/buttons of each (SPEC 2.1, 2.4, 2.5). */
export type PageCheck = {
  path: string
  h1: string
  /** link accessible name -> href, inside <main> */
  links?: Record<string, string>
  /** buttons inside <main> */
  buttons?: string[]
}

const SERVICES: [string, string][] = [
  ['cloud-infrastructure', 'Cloud + Infrastructure'],
  ['digital', 'Digital'],
  ['erp-sap-crm', 'ERP/SAP/CRM'],
  ['executive-it', 'Executive IT'],
  ['project-services', 'Project Services'],
  ['security-cyber-security', 'Security + Cyber Security'],
]

export const PUBLIC_PAGES: PageCheck[] = [
  {
    path: '/',
    h1: "Connecting Australia's technology talent with organisations ready to grow",
    links: {
      'Find a Job': '/jobs/find',
      'Hire Talent': '/contact',
      'More About Us': '/about',
      'Looking to Hire?': '/employers/hire',
      'Talk to Our Team': '/contact',
      'Get in Touch': '/contact',
      'Browse Jobs': '/jobs/find',
    },
  },
  {
    path: '/about',
    h1: 'Technology recruitment with a human focus',
    links: { 'Explore Current Jobs': '/jobs/find', 'Start Hiring': '/employers/hire', 'Contact Our Team': '/contact' },
  },
  {
    path: '/specializations',
    h1: 'Nine technology specialisations, one expert team',
    links: { 'Talk to a Specialist': '/contact' },
  },
  {
    path: '/job-seekers',
    h1: 'Find a technology role that fits your life and ambitions',
    links: { 'Browse Jobs': '/jobs/find', 'Speak to a Consultant': '/contact', 'Contact Us': '/contact', 'Find a Job': '/jobs/find' },
  },
  {
    path: '/employers',
    h1: 'Build technology teams with confidence',
    links: { 'Looking to Hire?': '/employers/hire', 'Request a Call Back': '/contact', 'Contact Us': '/contact', 'Start Hiring': '/employers/hire' },
  },
  {
    path: '/blogs',
    h1: 'Blog and industry insights',
    links: { 'Subscribe for updates': '/contact' },
    buttons: ['Reset'],
  },
  {
    path: '/blogs/1',
    h1: 'Hybrid Work Is Settling In: What It Means for Sydney Tech Teams',
    links: { 'Browse Jobs': '/jobs/find', 'Contact Us': '/contact', '← Back to all articles': '/blogs' },
  },
  {
    path: '/contact',
    h1: "Let's talk about your next move",
    links: { '(02) 5550 4321': 'tel:+61255504321', 'hello@harbourit.com.au': 'mailto:hello@harbourit.com.au' },
    buttons: ['Send Message'],
  },
  {
    path: '/jobs/find',
    h1: 'Find your next IT role',
    links: { 'Candidate login': '/candidate/login' },
    buttons: ['Clear', 'Refresh Jobs'],
  },
  {
    path: '/jobs/advice',
    h1: 'Practical guidance for every stage of your IT career',
    links: { 'Book a Career Chat': '/contact', 'Read Our Blog': '/blogs' },
  },
  {
    path: '/employers/hire',
    h1: 'The IT professionals you need, when you need them',
    links: { 'Brief Us on a Role': '/contact', 'About Our Team': '/about', 'Hiring Insights': '/blogs' },
  },
  {
    path: '/our-services',
    h1: 'Recruitment services built around technology',
    links: {
      'Hire Development Talent': '/contact',
      'Hire AI Talent': '/contact',
      'Hire Analytics Talent': '/contact',
      ...Object.fromEntries(SERVICES.map(([slug, name]) => [`Learn more about ${name}`, `/services/${slug}`])),
      'Request Consultation': '/contact',
      'Learn About Our Approach': '/approach',
    },
  },
  {
    path: '/employers/resources',
    h1: 'Insights to help you hire smarter',
    links: { 'Request a Resource': '/contact', 'Visit the Blog': '/blogs' },
  },
  ...SERVICES.map(([slug, name]) => ({
    path: `/services/${slug}`,
    h1: `${name} recruitment`,
    links: { '← All services': '/our-services', 'Request Consultation': '/contact', 'Browse Jobs': '/jobs/find' },
  })),
  {
    path: '/approach',
    h1: 'A considered approach to technology recruitment',
    links: { 'Request Consultation': '/contact', 'Explore Our Services': '/our-services' },
  },
  {
    path: '/forgot-password',
    h1: 'Forgot Password',
    buttons: ['Send Reset Link', 'Back to Login'],
  },
  {
    path: '/reset-password?token=e2e-placeholder',
    h1: 'Reset Password',
    buttons: ['Show new password', 'Show confirm password', 'Reset Password'],
  },
  {
    path: '/candidate/login',
    h1: 'Welcome Back',
    links: { 'Forgot password?': '/forgot-password', 'Sign up': '/candidate/signup' },
    buttons: ['Sign In'],
  },
  {
    path: '/candidate/signup',
    h1: 'Start Your Journey',
    links: { 'Sign in': '/candidate/login' },
    buttons: ['Create Account'],
  },
]

/** Footer links on every page (SPEC 2.3). */
export const FOOTER_PATHS = [
  '/',
  '/about',
  '/job-seekers',
  '/employers',
  '/blogs',
  '/contact',
  '/jobs/find',
  '/jobs/advice',
  '/employers/hire',
  '/employers/resources',
  '/candidate/login',
  '/sitemap',
]

/**
 * The public and candidate site (SPEC 2.1): every page loaded on demand.
 *
 * A declarative router (BrowserRouter + useRoutes), not a data router: this site loads no route
 * data through the router, and createBrowserRouter alone is ~15 kB gzip more of react-router, which
 * the home page's 100 kB JS budget cannot carry (issue 13). Pages are React.lazy elements under
 * SiteLayout's Suspense; BrowserRouter moves between locations in a transition, so the old page
 * stays up until the next one's chunk has arrived. The server modulepreloads the chunks of the
 * page it serves (api/src/first_paint.rs keeps the same route -> module table).
 */
import { lazy, type ComponentType } from 'react'
import { BrowserRouter, useLocation, useRoutes, type RouteObject } from 'react-router'
import { candidateAuthRoutes, candidateRoutes } from '../routes/candidate'
import { RouteErrorBoundary, SiteLayout, SitemapRedirect } from '../../features/site'

/** A page whose component is split into its own chunk (the home page ships only its own code). */
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load)
  return <Page />
}

// every page but the home page shares the react-query client, which the home page does not load
const QueryLayout = lazy(() => import('../QueryRoot'))

export const publicRoutes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      { index: true, element: page(() => import('../../features/home/HomePage')) },
      {
        element: <QueryLayout />,
        children: [
          { path: 'about', element: page(() => import('../../features/about/AboutPage')) },
          { path: 'specializations', element: page(() => import('../../features/pages/components/SpecialisationsPage')) },
          { path: 'job-seekers', element: page(() => import('../../features/pages/components/JobSeekersPage')) },
          { path: 'employers', element: page(() => import('../../features/pages/components/EmployersPage')) },
          { path: 'employers/hire', element: page(() => import('../../features/pages/components/HirePage')) },
          { path: 'employers/resources', element: page(() => import('../../features/pages/components/ResourcesPage')) },
          { path: 'blogs', element: page(() => import('../../features/blog/components/BlogListPage')) },
          { path: 'blogs/:id', element: page(() => import('../../features/blog/components/BlogArticlePage')) },
          { path: 'contact', element: page(() => import('../../features/contact/components/ContactPage')) },
          { path: 'jobs/find', element: page(() => import('../../features/jobs/components/JobBoardPage')) },
          { path: 'jobs/advice', element: page(() => import('../../features/pages/components/CareerAdvicePage')) },
          { path: 'jobs/:id', element: page(() => import('../../features/jobs/components/JobDetailPage')) },
          { path: 'our-services', element: page(() => import('../../features/pages/components/OurServicesPage')) },
          { path: 'services/:slug', element: page(() => import('../../features/pages/components/ServiceDetailPage')) },
          { path: 'approach', element: page(() => import('../../features/pages/components/ApproachPage')) },
          { path: 'sitemap', element: <SitemapRedirect /> },
          ...candidateRoutes,
          ...candidateAuthRoutes,
          { path: '*', element: page(() => import('../../features/not-found/NotFoundPage')) },
        ],
      },
    ],
  },
]

/** The routes, with the error screen in place of any page that throws (or whose chunk fails). */
export function PublicRoutes() {
  const { pathname } = useLocation()
  return <RouteErrorBoundary resetKey={pathname}>{useRoutes(publicRoutes)}</RouteErrorBoundary>
}

export default function PublicApp() {
  return (
    <BrowserRouter>
      <PublicRoutes />
    </BrowserRouter>
  )
}

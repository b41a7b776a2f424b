/** The public and candidate site (SPEC 2.1): one data router, every page loaded on demand. */
import type { ComponentType } from 'react'
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router'
import { candidateAuthRoutes, candidateRoutes } from '../routes/candidate'
import { PageLoading, RouteErrorPage, SiteLayout, SitemapRedirect } from '../../features/site'

type PageModule = Promise<{ default: ComponentType }>

/** A route whose page component is split into its own chunk (the home page ships only its own code). */
const lazyPage = (load: () => PageModule): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
})

export const publicRoutes: RouteObject[] = [
  {
    element: <SiteLayout />,
    errorElement: <RouteErrorPage />,
    HydrateFallback: PageLoading,
    children: [
      { index: true, ...lazyPage(() => import('../../features/home/HomePage')) },
      // every other page shares the react-query client, which the home page does not load
      {
        lazy: async () => ({ Component: (await import('../QueryRoot')).default }),
        children: [
          { path: 'about', ...lazyPage(() => import('../../features/about/AboutPage')) },
          { path: 'specializations', ...lazyPage(() => import('../../features/pages/components/SpecialisationsPage')) },
          { path: 'job-seekers', ...lazyPage(() => import('../../features/pages/components/JobSeekersPage')) },
          { path: 'employers', ...lazyPage(() => import('../../features/pages/components/EmployersPage')) },
          { path: 'employers/hire', ...lazyPage(() => import('../../features/pages/components/HirePage')) },
          { path: 'employers/resources', ...lazyPage(() => import('../../features/pages/components/ResourcesPage')) },
          { path: 'blogs', ...lazyPage(() => import('../../features/blog/components/BlogListPage')) },
          { path: 'blogs/:id', ...lazyPage(() => import('../../features/blog/components/BlogArticlePage')) },
          { path: 'contact', ...lazyPage(() => import('../../features/contact/components/ContactPage')) },
          { path: 'jobs/find', ...lazyPage(() => import('../../features/jobs/components/JobBoardPage')) },
          { path: 'jobs/advice', ...lazyPage(() => import('../../features/pages/components/CareerAdvicePage')) },
          { path: 'jobs/:id', ...lazyPage(() => import('../../features/jobs/components/JobDetailPage')) },
          { path: 'our-services', ...lazyPage(() => import('../../features/pages/components/OurServicesPage')) },
          { path: 'services/:slug', ...lazyPage(() => import('../../features/pages/components/ServiceDetailPage')) },
          { path: 'approach', ...lazyPage(() => import('../../features/pages/components/ApproachPage')) },
          { path: 'sitemap', element: <SitemapRedirect /> },
          ...candidateRoutes,
          ...candidateAuthRoutes,
          { path: '*', ...lazyPage(() => import('../../features/not-found/NotFoundPage')) },
        ],
      },
    ],
  },
]

const router = createBrowserRouter(publicRoutes)

export default function PublicApp() {
  return <RouterProvider router={router} />
}

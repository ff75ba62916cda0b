import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { preloadScreens, renderApp } from '../../test/render';
import { customerHomeStubs, signInCustomer } from '../../test/sessions';
import { reviewProfileStateOf, type ReviewProfileState } from './review-profile-state';
import { buildCompany, buildReview, companiesReply } from './test-companies';

/** The profile as the companies list opens it (the company in page state). */
function renderProfile(state: unknown) {
  signInCustomer();
  stubFetch({
    // The pages it leads to: the request's companies list, My Requests.
    ...customerHomeStubs(),
    'POST /api/customer/detail_of_bided_companies': companiesReply([buildCompany()]),
  });
  return renderApp({ pathname: '/dashboard/review-profile', state });
}

const profile: ReviewProfileState = reviewProfileStateOf(
  buildCompany({
    company_rating: 4.3,
    truck_count: 4,
    review_count: 2,
    reviews: [
      buildReview({ company_rating: 5, company_comment: 'Great crew.' }, 'Sam Lee'),
      {
        ...buildReview({ company_rating: 3.5, company_comment: null }, 'Ana Ruiz'),
        customer_profile: { first_name: 'Ana', last_name: 'Ruiz', profile_picture: 'ana.jpg' },
      },
    ],
  }),
);

beforeAll(
  () =>
    preloadScreens(
      '/dashboard/review-profile',
      '/dashboard/my-requests',
      '/dashboard/my-requests/companies-list/101',
    ),
  60_000,
);

describe('ReviewProfilePage', () => {
  it("shows the company's About panel: name, trucks, rating and about text", async () => {
    renderProfile(profile);

    const about = await screen.findByRole('region', { name: 'About' });
    expect(within(about).getByText('Swift Movers')).toBeInTheDocument();
    expect(within(about).getByText('4 trucks')).toBeInTheDocument();
    expect(within(about).getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeInTheDocument();
    expect(within(about).getByText('Family business since 1998.')).toBeInTheDocument();
    // No picture: the initial stands in.
    expect(within(about).getByText('S')).toBeInTheDocument();
  });

  it('shows N/A when the company wrote nothing about itself', async () => {
    renderProfile({
      ...profile,
      comapny_profile: { ...profile.comapny_profile, about_company: null },
    });

    const about = await screen.findByRole('region', { name: 'About' });
    expect(within(about).getByText('N/A')).toBeInTheDocument();
  });

  it('lists each review with its reviewer, stars, date and comment', async () => {
    renderProfile(profile);

    const reviews = await screen.findByRole('region', { name: 'Reviews (2)' });
    const [first, second] = within(reviews).getAllByRole('listitem');
    expect(within(first!).getByText('Sam Lee')).toBeInTheDocument();
    expect(within(first!).getByRole('img', { name: 'Rated 5.0 out of 5' })).toBeInTheDocument();
    expect(within(first!).getByText('Mar 5th 26')).toBeInTheDocument();
    expect(within(first!).getByText('Great crew.')).toBeInTheDocument();
    expect(within(second!).getByText('Ana Ruiz')).toBeInTheDocument();
    expect(within(second!).getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeInTheDocument();
    // A reviewer with a picture shows it.
    expect(second!.querySelector('img')).toHaveAttribute('src', '/uploads/ana.jpg');
  });

  it('says so when the company has no reviews yet', async () => {
    renderProfile({ ...profile, review_list: [], review_count: 0 });

    const reviews = await screen.findByRole('region', { name: 'Reviews (0)' });
    expect(within(reviews).getByText('No reviews yet.')).toBeInTheDocument();
  });

  it('goes back to the companies list of the request', async () => {
    const { router } = renderProfile(profile);

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Back' }));
    const list = await screen.findByRole('list', { name: 'Bidding companies' });
    expect(within(list).getByRole('listitem', { name: 'Swift Movers' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-requests/companies-list/101');
  });

  it.each([
    ['no state', null],
    ['a state that is not a company profile', { company: 'Swift' }],
  ])('sends the customer to My Requests with %s', async (_case, state) => {
    const { router } = renderProfile(state);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Requests' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-requests');
  });
});

/**
 * The blog's labels in the theme's catalogue (templates/i18n: `blog.*`), declared here (beside the catalogues, type-checked with the theme and the build) by augmenting the catalogue's
 * type rather than in src/shared/messages.ts: the build writes them into the blog's pages (blog/pages.ts), the
 * browser never reads them (render/site-data.ts leaves them out of the site shell), and the client bundle, whose
 * minified names follow its sources' text, stays byte for byte the same for every site.
 */
export {};

declare module '../../src/shared/messages.js' {
  interface Messages {
    /** Default title of the blog's list pages [theme.blog.title]. */
    'blog.title': string;
    /** Heading of a blog post's sidebar of recent posts [theme.blog.sidebar.recentPosts]. */
    'blog.recentPosts': string;
    /** A list page's link to the whole post [theme.blog.post.readMore]. */
    'blog.readMore': string;
    /** A post's reading time; `{minutes}` whole minutes [theme.blog.post.readingTime.plurals]. */
    'blog.readingTime': string;
    /** A post page's links to the newer and the older post [theme.blog.post.paginator.newerPost/olderPost]. */
    'blog.newerPost': string;
    'blog.olderPost': string;
    /** A list page's links to the newer and the older page [theme.blog.paginator.newerEntries/olderEntries]. */
    'blog.newerEntries': string;
    'blog.olderEntries': string;
    /** Title of the archive page [theme.blog.archive.title] and of the tags page [theme.tags.tagsPageTitle]. */
    'blog.archive': string;
    'blog.allTags': string;
    /** Title of a tag's list page; `{tag}` its label, `{count}` its posts [theme.blog.tagTitle]. */
    'blog.tagPage': string;
    /** Title of the authors page [theme.blog.authorsList.pageTitle]; an author page's count [theme.blog.author.pageTitle]. */
    'blog.authors': string;
    'blog.authorPosts': string;
    /** Default title and description of the feeds; `{title}` the site's title (plugin-content-blog feed.ts: `${title} Blog`). */
    'blog.feedTitle': string;
    /** Titles of the head's links to the feeds; `{title}` the feed's title (feed.ts createFeedHtmlHeadTags). */
    'blog.rssFeed': string;
    'blog.atomFeed': string;
    'blog.jsonFeed': string;
  }
}

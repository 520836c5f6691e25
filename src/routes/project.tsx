import { useEffect } from "react";
import { type ShouldRevalidateFunctionArgs, useRevalidator } from "react-router";
import { AfterFirstFrame } from "../components/AfterFirstFrame.tsx";
import { ProjectNavigation } from "../components/project/ProjectNavigation.tsx";
import {
  ImageSet,
  ProjectArticle,
  ProjectBriefAndOutcome,
  ProjectGallery,
  ProjectHero,
  ProjectIntro,
  ProjectQuote,
  ProjectText,
} from "../components/project/ProjectSections.tsx";
import { projectName } from "../content/names.ts";
import { projectBySlug } from "../content/pages.ts";
import { projectColours } from "../lib/colour.ts";
import { contentMeta } from "../lib/content-meta.ts";
import type { FrameHandle } from "../lib/page-frame.ts";
import { projectFrame } from "../lib/project-frame.ts";
import { InspectedEntry } from "../preview/inspector.tsx";
import { useLiveFields } from "../preview/live-updates.ts";
import type { ProjectFields } from "../shared/content/model.ts";
import { site } from "../shared/site.ts";
import type { Route } from "./+types/project";

export async function loader({ context, params }: Route.LoaderArgs) {
  const entry = await projectBySlug(context, params.slug);
  return { project: entry.fields, projectId: entry.sys.id };
}

/** In preview: the editor's latest edit of a loaded project's fields, which the header is dressed from. */
const editedProjects = new WeakMap<ProjectFields, ProjectFields>();

export const handle: FrameHandle = {
  frame: (data) => {
    const loaded = (data as { project?: ProjectFields } | undefined)?.project;
    return projectFrame(loaded && (editedProjects.get(loaded) ?? loaded));
  },
};

// A live-preview edit changes nothing the root redraws the header on, so it is kept for the handle and a revalidation
// asked for; that loads nothing, as the root never revalidates and this route not for its own address without a form.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.href === nextUrl.href && !formMethod ? false : defaultShouldRevalidate;
}

/** In preview: the header follows the editor's edits of the project as the page does (see shouldRevalidate). */
function useLiveHeader(loaded: ProjectFields, project: ProjectFields) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (project === loaded || editedProjects.get(loaded) === project) return;
    editedProjects.set(loaded, project);
    void revalidate();
  }, [loaded, project, revalidate]);
}

export function meta(args: Route.MetaArgs) {
  const project = args.loaderData?.project;
  if (!project) return contentMeta(args, { title: `Our Work | ${site.name}` });
  return contentMeta(args, {
    title: project.seoTitle ?? `${projectName(project)} | ${site.name}`,
    description: project.seoDescription ?? project.heroContent,
    keywords: project.seoKeywords,
    image: project.featuredImage ?? project.heroBackground,
  });
}

export default function Project({ loaderData: { projectId, ...loaded } }: Route.ComponentProps) {
  const project = useLiveFields("singleProject", projectId, loaded.project);
  useLiveHeader(loaded.project, project);
  return (
    <InspectedEntry id={projectId}>
      {project.smallProject === "yes" ? <SmallProject project={project} /> : <FullProject project={project} />}
    </InspectedEntry>
  );
}

function FullProject({ project }: { project: ProjectFields }) {
  const title = projectName(project);
  return (
    <ProjectArticle colours={projectColours(project.BackgroundColour)}>
      <ProjectHero project={project} layout="full" absoluteHeader={project.absoluteHeader === "yes"} />
      <ProjectIntro project={project} />
      <AfterFirstFrame>
        <ImageSet images={project.images} field="images" columns={2} label={`${title} images`} />
        <ImageSet
          images={project.fullWidthImages}
          field="fullWidthImages"
          bleed
          columns={1}
          label={`${title} in full`}
        />
        <ProjectText id="the-brief" title="The brief" document={project.theBrief} field="theBrief" />
        <ImageSet
          images={project.fullWidthImages2}
          field="fullWidthImages2"
          bleed
          columns={1}
          label={`More of ${title}`}
        />
        <ProjectText id="the-work" document={project.contentSection} field="contentSection" />
        <ImageSet images={project.images3} field="images3" columns={3} label={`${title} details`} />
        <ImageSet images={project.images4?.slice(0, 2)} field="images4" columns={2} label={`${title} side by side`} />
        <ProjectGallery images={project.gallery} title={title} />
        <ProjectQuote quote={project.quote} clientName={project.clientName} />
        <ProjectText id="the-outcome" title="The outcome" document={project.theOutcome} field="theOutcome" />
        <div className="container">
          <ProjectNavigation slug={project.slug} />
        </div>
      </AfterFirstFrame>
    </ProjectArticle>
  );
}

/** A smaller job told briefly: compact hero, introduction, brief and outcome side by side, pictures, quote. */
function SmallProject({ project }: { project: ProjectFields }) {
  const title = projectName(project);
  const pictures = [...(project.images ?? []), ...(project.images4 ?? [])];
  return (
    <ProjectArticle colours={projectColours(project.BackgroundColour)}>
      <ProjectHero project={project} layout="small" absoluteHeader={project.absoluteHeader === "yes"} />
      <ProjectIntro project={project} />
      <AfterFirstFrame>
        <ProjectBriefAndOutcome project={project} />
        <ImageSet
          images={pictures.length > 0 ? pictures : project.featuredImage ? [project.featuredImage] : []}
          field={(image) =>
            project.images?.includes(image) ? "images" : project.images4?.includes(image) ? "images4" : "featuredImage"
          }
          columns={2}
          label={`${title} images`}
        />
        <ProjectText id="the-work" document={project.contentSection} field="contentSection" />
        <ProjectGallery images={project.gallery} title={title} />
        <ProjectQuote quote={project.quote} clientName={project.clientName} />
        <div className="container">
          <ProjectNavigation slug={project.slug} />
        </div>
      </AfterFirstFrame>
    </ProjectArticle>
  );
}

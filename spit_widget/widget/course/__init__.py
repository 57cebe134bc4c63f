"""The course's table: a :class:`~.table.CourseWidget` is the normal table with
lesson seats (:mod:`.seats`) following a :class:`~.lesson.Lesson`."""

from .lesson import Lesson
from .seats import LessonSeats
from .table import CourseWidget

__all__ = ["CourseWidget", "Lesson", "LessonSeats"]
